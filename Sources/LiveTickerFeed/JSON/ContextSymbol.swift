/// The symbol a nested REST response gives the records being read (``JSONTickDecoder/contextSymbol``).
enum ContextSymbol: Equatable {
    /// None: records are named by a field of their own, or not at all.
    case none
    /// Their ticks go to this symbol.
    case named(SymbolID)
    /// Another symbol than `--symbol` asks for: every record is filtered out.
    case filtered
    /// The symbol table refused the name (too many symbols): every record is a bad symbol.
    case refused
}
