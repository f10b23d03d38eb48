import LocomotionIO
import ArgumentParser

/// `--shard K/N`: the K-th of N disjoint, deterministic parts of a list of inputs, for job arrays (Slurm
/// `sbatch --array=1-N`) and other ways of spreading one batch over machines.
///
/// Part K holds the inputs at positions K, K + N, K + 2N, … (counting from 1) of the expanded list, which is
/// sorted by path, so the same arguments give every task the same parts: each input is in exactly one part, and
/// the parts differ in size by at most one input.
struct Shard: ExpressibleByArgument, Sendable, Hashable, CustomStringConvertible {
    /// 1…count.
    var index: Int
    /// Number of parts, at least 1.
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    var description: String { "\(index)/\(count)" }

    /// The items of this part, in their order.
    func select<Item>(_ items: [Item]) -> [Item] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
