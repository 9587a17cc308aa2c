extension Double {
    /// This value within `range`, or `ifNaN` when it is NaN: a value `Int(_:)` and `time_t(_:)`
    /// take without stopping the process (they trap on one past their range).
    func held(in range: ClosedRange<Double>, ifNaN: Double) -> Double {
        isNaN ? ifNaN : Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
