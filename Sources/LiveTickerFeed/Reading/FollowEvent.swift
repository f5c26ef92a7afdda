/// What happened to a followed file's path while a reader followed it (`tail -F`), for the
/// caller to log: the reader itself prints nothing.
public enum FollowEvent: Sendable, Equatable {
    /// The file shrank below what was read (truncated in place, `: > file`): reading starts
    /// over at its beginning, and its first line may be a header again.
    case truncated
    /// The path names another file now (moved away and recreated, log rotation): the old file
    /// was read to its end, and the new one is read from its beginning.
    case replaced
    /// The path is gone (moved away or deleted, not yet recreated): the reader keeps waiting
    /// for it. Reported once per disappearance.
    case missing
    /// The path does not exist yet when following starts (a kiosk up before the program that
    /// writes the file): it is waited for, then read from its beginning. Reported once.
    case notYetCreated
}
