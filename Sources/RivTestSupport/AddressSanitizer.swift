import Foundation

/// Whether the tests run in a build with the address sanitizer (`swift test
/// --sanitize=address`, `.ci/run`'s sanitizer step), and the sizes of the tests built
/// at scale there.
public enum AddressSanitizer {
    /// True when the sanitizer's runtime is loaded in this process.
    public static let isActive = dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil

    /// The count of records (objects, keys, bytes) a test built at scale uses: `count`
    /// in a plain build; a hundredth of it under the sanitizer, which runs the same
    /// reading and editing paths many times slower. The plain build's run checks the
    /// full scale.
    public static func scaled(_ count: Int) -> Int {
        isActive ? count / 100 : count
    }
}
