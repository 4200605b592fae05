import Dispatch
import Testing
import RivSupport

/// The byte budget that image decodes running at once share.
@Suite("Decode budget")
struct DecodeBudgetTests {
    @Test("reservations on many threads never hold more than the budget together; all are given back")
    func boundedTogether() {
        let budget = DecodeBudget(capacity: 250)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            budget.withReservation(of: 60 + index % 3 * 20) {
                #expect(budget.heldBytes <= 250)
            }
        }
        #expect(budget.highWaterMark <= 250 && budget.highWaterMark >= 100)
        #expect(budget.heldBytes == 0)
    }

    @Test("a reservation larger than the whole budget waits until nothing is held, then runs alone")
    func largerThanTheBudgetRunsAlone() {
        let budget = DecodeBudget(capacity: 100)
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let large = index % 10 == 5
            budget.withReservation(of: large ? 400 : 30) {
                if large { #expect(budget.heldBytes == 400) } else { #expect(budget.heldBytes <= 100) }
            }
        }
        #expect(budget.highWaterMark == 400)
        #expect(budget.heldBytes == 0)
    }

    @Test("a body that throws gives its bytes back")
    func throwingBodyReleases() {
        struct Failure: Error {}
        let budget = DecodeBudget(capacity: 10)
        #expect(throws: Failure.self) { try budget.withReservation(of: 8) { () throws(Failure) in throw Failure() } }
        #expect(budget.heldBytes == 0 && budget.highWaterMark == 8)
    }
}
