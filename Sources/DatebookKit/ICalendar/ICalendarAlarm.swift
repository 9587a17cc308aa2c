internal import CLibical
import Foundation

/// How VALARMs and an item's `alarms` stand for each other.
///
/// An import keeps every VALARM verbatim in `extraProperties` (unless it says nothing more
/// than Datebook would write for it), and every one Datebook can show (a display or sound
/// alarm some minutes before the start, or at a fixed time) also becomes one of `alarms`. An
/// export writes each alarm as the kept VALARM that says it, else as a new one; a kept VALARM
/// whose alarm was removed or changed is left out.
enum ICalendarAlarm {
    /// The alarm a VALARM component stands for, or nil when Datebook cannot show it (an email
    /// alarm, one relative to the end, one after the start).
    static func alarm(of component: OpaquePointer) -> Alarm? {
        guard icalcomponent_isa(component) == ICAL_VALARM_COMPONENT,
            let actionProperty = icalcomponent_get_first_property(component, ICAL_ACTION_PROPERTY),
            let triggerProperty = icalcomponent_get_first_property(component, ICAL_TRIGGER_PROPERTY)
        else { return nil }
        let action = icalproperty_get_action(actionProperty)
        guard action == ICAL_ACTION_DISPLAY || action == ICAL_ACTION_AUDIO else { return nil }
        if let related = icalproperty_get_first_parameter(triggerProperty, ICAL_RELATED_PARAMETER),
            icalparameter_get_related(related) == ICAL_RELATED_END
        {
            return nil
        }
        let trigger = icalproperty_get_trigger(triggerProperty)
        var sound: String?
        if action == ICAL_ACTION_AUDIO,
            let attachProperty = icalcomponent_get_first_property(component, ICAL_ATTACH_PROPERTY),
            let attach = icalproperty_get_attach(attachProperty), icalattach_get_is_url(attach) != 0,
            let url = icalattach_get_url(attach)
        {
            sound = ComponentDecoder.attachmentPath(String(cString: url))
        }
        if icaltime_is_null_time(trigger.time) == 0 {
            // Not `icaltime_is_valid_time`, which refuses the years past 3000 an item may hold.
            guard (1...9999).contains(trigger.time.year), trigger.time.is_date == 0 else { return nil }
            let seconds = Libical.asTimeT(trigger.time, icaltimezone_get_utc_timezone())
            return Alarm(at: Date(unixSeconds: Double(seconds)), sound: sound)
        }
        let seconds = Int(icaldurationtype_as_int(trigger.duration))
        guard seconds <= 0, seconds % 60 == 0 else { return nil }
        return Alarm(minutesBefore: -seconds / 60, sound: sound)
    }

    /// The alarm a VALARM's text stands for, or nil.
    static func alarm(ofText text: String) -> Alarm? {
        guard text.hasPrefix("BEGIN:VALARM"), let component = Libical.parse(text) else { return nil }
        defer { icalcomponent_free(component) }
        return alarm(of: component)
    }

    /// The text of the VALARM `component(for:description:)` makes, without its last line end.
    static func text(for alarm: Alarm, description: String) -> String? {
        guard let component = component(for: alarm, description: description) else { return nil }
        defer { icalcomponent_free(component) }
        return Libical.takeString(icalcomponent_as_ical_string_r(component)).map(ComponentDecoder.trimmingLineEnd)
    }

    /// A new VALARM for `alarm`: a sound alarm when it has a sound, else a display alarm.
    static func component(for alarm: Alarm, description: String) -> OpaquePointer? {
        guard let component = icalcomponent_new(ICAL_VALARM_COMPONENT) else { return nil }
        let action = alarm.sound == nil ? ICAL_ACTION_DISPLAY : ICAL_ACTION_AUDIO
        icalcomponent_add_property(component, icalproperty_new_action(action))
        var trigger = icaltriggertype()
        switch alarm.trigger {
        case let .before(minutes):
            trigger.time = icaltime_null_time()
            trigger.duration = icaldurationtype_from_int(Int32(clamping: -minutes * 60))
        case let .at(date):
            trigger.time = Libical.fromTimeT(
                Libical.timeT(date.unixSeconds.rounded(.down)), 0, icaltimezone_get_utc_timezone())
            trigger.duration = icaldurationtype_null_duration()
        }
        let made: OpaquePointer?
        if icaltime_is_null_time(trigger.time) == 0 {
            made = Libical.property({ time in
                var at = trigger
                at.time = time
                return icalproperty_new_trigger(at)
            }, trigger.time)
        } else {
            made = icalproperty_new_trigger(trigger)
        }
        icalcomponent_add_property(component, made)
        if let sound = alarm.sound, let attach = icalattach_new_from_url(ICalendarEncoder.attachmentURI(sound)) {
            icalcomponent_add_property(component, icalproperty_new_attach(attach))
            icalattach_unref(attach)
        } else {
            icalcomponent_add_property(component, icalproperty_new_description(description))
        }
        return component
    }
}
