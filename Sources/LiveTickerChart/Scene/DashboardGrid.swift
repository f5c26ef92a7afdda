import LiveTickerRender

/// Where a panel sits in a dashboard's grid: its top-left cell and how many rows and columns
/// it spans (all 0-based, spans ≥ 1).
public struct GridPlace: Sendable, Hashable {
    /// Top row.
    public var row: Int
    /// Left column.
    public var column: Int
    /// Rows covered (≥ 1).
    public var rowSpan: Int
    /// Columns covered (≥ 1).
    public var columnSpan: Int

    /// The cell at `row`, `column`, spanning `rowSpan × columnSpan` cells.
    public init(row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1) {
        self.row = row
        self.column = column
        self.rowSpan = rowSpan
        self.columnSpan = columnSpan
    }

    /// Whether the two places share a cell. O(1).
    public func overlaps(_ other: GridPlace) -> Bool {
        row < other.row + other.rowSpan && other.row < row + rowSpan && column < other.column + other.columnSpan
            && other.column < column + columnSpan
    }
}

/// The grid of a dashboard: rows and columns with relative weights, a gutter between cells
/// (and around them), mapped onto a pixel rectangle.
///
/// Edges are placed by rounding the cumulative weight share of the space left after the
/// gutters, so cells tile the rectangle exactly at any size (no pixel lost or shared), and a
/// rectangle too small for the gutters gives empty cells rather than negative ones.
public struct DashboardGrid: Sendable, Hashable {
    /// Relative heights of the rows (each > 0).
    public var rowWeights: [Double]
    /// Relative widths of the columns (each > 0).
    public var columnWeights: [Double]
    /// Pixels between neighbouring cells and around the grid.
    public var gutter: Int

    /// `rows × columns` equal cells `gutter` pixels apart.
    public init(rows: Int, columns: Int, gutter: Int = 8) {
        self.init(
            rowWeights: [Double](repeating: 1, count: max(1, rows)),
            columnWeights: [Double](repeating: 1, count: max(1, columns)), gutter: gutter)
    }

    /// Rows and columns with these weights (non-positive or non-finite weights count as 1).
    public init(rowWeights: [Double], columnWeights: [Double], gutter: Int = 8) {
        func clean(_ weights: [Double]) -> [Double] {
            let kept = weights.map { $0.isFinite && $0 > 0 ? $0 : 1 }
            return kept.isEmpty ? [1] : kept
        }
        self.rowWeights = clean(rowWeights)
        self.columnWeights = clean(columnWeights)
        self.gutter = max(0, gutter)
    }

    /// Number of rows.
    public var rows: Int { rowWeights.count }
    /// Number of columns.
    public var columns: Int { columnWeights.count }

    /// Whether `place` lies inside the grid with positive spans.
    public func contains(_ place: GridPlace) -> Bool {
        place.row >= 0 && place.column >= 0 && place.rowSpan >= 1 && place.columnSpan >= 1
            && place.row + place.rowSpan <= rows && place.column + place.columnSpan <= columns
    }

    /// The pixel rectangle of `place` inside `bounds` (empty when the bounds are too small).
    /// `place` must be inside the grid. O(rows + columns).
    public func rect(of place: GridPlace, in bounds: PixelRect) -> PixelRect {
        precondition(contains(place), "place outside the grid")
        let (minX, maxX) = Self.span(
            place.column, place.columnSpan, weights: columnWeights, from: bounds.minX, length: bounds.width, gutter: gutter)
        let (minY, maxY) = Self.span(
            place.row, place.rowSpan, weights: rowWeights, from: bounds.minY, length: bounds.height, gutter: gutter)
        guard maxX > minX, maxY > minY else { return PixelRect(minX: minX, minY: minY, maxX: minX, maxY: minY) }
        return PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// Start and end pixel of cells `first..<first + count` along one axis.
    static func span(
        _ first: Int, _ count: Int, weights: [Double], from origin: Int, length: Int, gutter: Int
    ) -> (Int, Int) {
        let cells = weights.count
        let available = max(0, length - gutter * (cells + 1))
        var total = 0.0
        for weight in weights { total += weight }
        func edge(_ k: Int) -> Int {
            var sum = 0.0
            for i in 0..<k { sum += weights[i] }
            return Int((Double(available) * sum / total).rounded())
        }
        let start = origin + gutter * (first + 1) + edge(first)
        let end = origin + gutter * (first + count) + edge(first + count)
        return (min(start, origin + length), min(max(start, end), origin + length))
    }
}
