import DatebookUI
