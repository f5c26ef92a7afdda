/// The downsampling algorithms this module offers, by their command-line names.
public enum DownsamplingAlgorithm: String, CaseIterable, Sendable {
    /// Largest-Triangle-Three-Buckets (Steinarsson 2013), reference bucket convention; see ``LTTB``.
    case lttb
    /// Per bucket the minimum and the maximum, in index order; see ``MinMax``.
    case minmax
    /// First, min, max, last per pixel column (Jugel et al., VLDB 2014); see ``M4``.
    case m4
    /// MinMax preselection (4 × points candidates) followed by LTTB; see ``MinMaxLTTB``.
    case minmaxlttb
}
