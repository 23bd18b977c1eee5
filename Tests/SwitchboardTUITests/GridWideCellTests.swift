import Testing

@testable import SwitchboardTUI

/// A wide character fills two cells, and nothing ever leaves half of one.
@Suite struct GridWideCellTests {
    @Test func aWideCharacterTakesTwoCellsAndTheTextShowsItOnce() {
        var grid = Grid(width: 8, height: 1)
        let end = grid.put("a東b", x: 0, y: 0)
        #expect(end == 4)
        #expect(grid.row(0) == "a東b    ")
        #expect(grid[2, 0].isWideTail)
        #expect(!grid[1, 0].isWideTail)
    }

    @Test func aWideCharacterThatDoesNotFitBecomesASpace() {
        var grid = Grid(width: 8, height: 1)
        grid.fill("x", y: 0)
        let end = grid.put("ab東", x: 0, y: 0, limit: 3)
        #expect(end == 3)
        #expect(grid.row(0) == "ab xxxxx")
        var edge = Grid(width: 3, height: 1)
        edge.put("ab東", x: 0, y: 0)
        #expect(edge.row(0) == "ab ")
        #expect(edge.cells.allSatisfy { !$0.isWideTail })
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = Grid(width: 6, height: 1)
        grid.put("東京", x: 0, y: 0)
        grid.put("|", x: 1, y: 0)
        #expect(grid.row(0) == " |京  ")
        grid.put("x", x: 2, y: 0)
        #expect(grid.row(0) == " |x   ")
        #expect(grid.cells.allSatisfy { !$0.isWideTail })
        var box = Grid(width: 4, height: 1)
        box.put("東京", x: 0, y: 0)
        box[2, 0] = .init(character: "|", style: .plain)
        #expect(box.row(0) == "東| ")
    }

    @Test func everyRowOfAScreenWithWideTextKeepsItsWidth() throws {
        var grid = Grid(width: 10, height: 2)
        grid.put(TerminalText.pad("/東京/é\u{301}", to: 7), x: 0, y: 0)
        grid.put("|", x: 7, y: 0)
        grid.put(TerminalText.pad("/plain", to: 7), x: 0, y: 1)
        grid.put("|", x: 7, y: 1)
        #expect(TerminalText.columns(grid.row(0)) == 10)
        #expect(grid.row(0) == "/東京/é\u{301}|  ")
        #expect(grid.row(1).prefix(8) == "/plain |")
    }
}
