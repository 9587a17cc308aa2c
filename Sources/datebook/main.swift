print("datebook")
