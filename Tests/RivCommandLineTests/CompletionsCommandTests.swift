import Foundation
import Testing
import RivTestSupport

/// `riv-assets completions bash|zsh|fish`: each script loaded into its real shell
/// and asked to complete command lines, in a folder holding `.riv` files (one with
/// a space in its name, one named `*.riv`), another file and two subfolders. A shell
/// that is not installed skips its test with a message (.ci/run installs them).
@Suite("riv-assets completions")
struct CompletionsCommandTests {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish

        /// The shell's path, when it is installed.
        var path: String? {
            ["/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + rawValue }
                .first { FileManager.default.isExecutableFile(atPath: $0) }
        }
    }

    /// What each command line completes to, whatever the shell (folders without their trailing `/`).
    static let expected: [(line: String, offered: Set<String>)] = [
        ("riv-assets li", ["list"]),
        ("riv-assets comp", ["completions"]),
        ("riv-assets replace --as", ["--assets"]),
        ("riv-assets replace --max-a", ["--max-asset-size"]),
        ("riv-assets host --uuid ", ["content", "random"]),
        ("riv-assets codegen --access ", ["internal", "public"]),
        ("riv-assets strip --layout ", ["flat", "ios", "android", "web", "flutter"]),
        ("riv-assets strip --prefer ", ["merge", "largest", "per-file"]),
        ("riv-assets shrink --type ", ["image", "font", "audio", "script", "other", "all"]),
        ("riv-assets list ", ["a.riv", "sp ace.riv", "*.riv", "sub", "my folder"]),
        ("riv-assets list sp", ["sp ace.riv"]),
        ("riv-assets list sp\\ a", ["sp ace.riv"]),
        ("riv-assets list 'sp a", ["sp ace.riv"]),
        ("riv-assets list \\*", ["*.riv"]),
        ("riv-assets replace --assets ", ["sub", "my folder"]),
        ("riv-assets replace --assets my", ["my folder"]),
        ("riv-assets help ver", ["verify"]),
    ]

    /// A folder to complete in: `a.riv`, `sp ace.riv`, `*.riv`, `b.txt` and the folders `sub` and `my folder`.
    private func sandbox() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for name in ["a.riv", "sp ace.riv", "*.riv"] { _ = try directory.write(name, [0x52, 0x49, 0x56, 0x45]) }
        _ = try directory.write("b.txt", Array("not a Rive file".utf8))
        try directory.folder("sub")
        try directory.folder("my folder")
        return directory
    }

    /// `line` cut into words as readline gives them to a bash completion function:
    /// at spaces outside quotes and not escaped, each word as typed (quotes and
    /// backslashes kept).
    static func bashWords(_ line: String) -> [String] {
        var words = [""], quote: Character?, escaped = false
        for character in line {
            if escaped {
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == " " {
                words.append("")
                continue
            }
            words[words.count - 1].append(character)
        }
        return words
    }

    /// The completions `shell` offers for `line` with `script` loaded, run in `folder`.
    private func completions(_ shell: Shell, path: String, script: String, line: String, in folder: TemporaryDirectory) throws -> Set<String> {
        let arguments: [String]
        switch shell {
        case .bash:
            arguments = ["--norc", "-c", """
                source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                _riv_assets; printf '%s\\n' "${COMPREPLY[@]}"
                """, "bash", script] + Self.bashWords(line)
        case .fish:
            arguments = ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line]
        case .zsh:
            // An interactive zsh in a pseudo-terminal, with compinit; compadd is wrapped
            // to write every match it is given to a file, then TAB is typed after the line.
            let capture = try folder.write(".capture.zsh", Array(Self.zshCapture.utf8))
            arguments = ["-f", capture, script, folder.path(".offered"), line]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var text = String(decoding: data, as: UTF8.self)
        if shell == .zsh {
            text = (try? String(contentsOfFile: folder.path(".offered"), encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: folder.path(".offered"))
        }
        // fish gives `NAME<TAB>description`; folders end with `/` in fish and zsh.
        return Set(text.split(separator: "\n").map { line in
            var name = String(line.prefix { $0 != "\t" })
            if name.hasSuffix("/") { name.removeLast() }
            return name
        }.filter { !$0.isEmpty })
    }

    static let zshCapture = """
        zmodload zsh/zpty
        zpty z zsh -f -i
        zpty -w z "PROMPT=''"
        zpty -w z "RESULT=${(q)2}"
        zpty -w z "autoload -U compinit && compinit -u -D"
        zpty -w z "source ${(q)1}"
        zpty -w z 'compadd () {
          if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd "$@"; return $?; fi
          typeset -a hits; builtin compadd -A hits "$@"
          (( $#hits )) && print -rl -- ${(Q)hits} >> $RESULT
          builtin compadd "$@"
        }'
        zpty -n -w z "$3"$'\\t'
        for i in {1..100}; do
          sleep 0.05
          [[ -s $2 ]] && break
        done
        sleep 0.3
        zpty -d z

        """

    @Test("bash completes commands, options, option values and .riv files as declared, each name one word, none glob-expanded",
          .enabled(if: Shell.bash.path != nil, "bash is not installed: its completion is not tried (.ci/run installs it)"))
    func completesInBash() async throws { try await completes(in: .bash) }

    @Test("zsh completes commands, options, option values and .riv files as declared, each name one word, none glob-expanded",
          .enabled(if: Shell.zsh.path != nil, "zsh is not installed: its completion is not tried (.ci/run installs it)"))
    func completesInZsh() async throws { try await completes(in: .zsh) }

    @Test("fish completes commands, options, option values and .riv files as declared, each name one word, none glob-expanded",
          .enabled(if: Shell.fish.path != nil, "fish is not installed: its completion is not tried (.ci/run installs it)"))
    func completesInFish() async throws { try await completes(in: .fish) }

    /// Every line of ``expected`` completed in `shell`, and every long option of `extract`.
    private func completes(in shell: Shell) async throws {
        let path = try #require(shell.path)
        let folder = try sandbox()
        let generated = try await RivAssets.run(["completions", shell.rawValue])
        #expect(generated.status == 0 && generated.stderr.isEmpty)
        let script = try folder.write(".completion." + shell.rawValue, Array(generated.stdout.utf8))
        // fish reads a typed `\\*` as a pattern of its own before asking the script, so that line is not fish's to answer.
        for (line, offered) in Self.expected where !(shell == .fish && line.hasSuffix("\\*")) {
            #expect(try completions(shell, path: path, script: script, line: line, in: folder) == offered, "\(shell.rawValue): \(line)")
        }
        // Every long option a command declares is offered after `--`.
        let extract = try completions(shell, path: path, script: script, line: "riv-assets extract --", in: folder)
        #expect(Set(["--output", "--type", "--name", "--hosted", "--cache-dir", "--deadline", "--json"]).isSubset(of: extract), "\(extract)")
    }

    @Test("the bash test reads a line into words as readline does")
    func bashWordSplitting() {
        #expect(Self.bashWords("riv-assets list sp\\ a") == ["riv-assets", "list", "sp\\ a"])
        #expect(Self.bashWords("riv-assets list 'sp a") == ["riv-assets", "list", "'sp a"])
        #expect(Self.bashWords("riv-assets list ") == ["riv-assets", "list", ""])
    }

    @Test("a missing or unknown shell is a usage error")
    func unknownShell() async throws {
        expectUsageError(try await RivAssets.run(["completions"]), of: "completions", saying: "give one shell: bash, zsh or fish")
        expectUsageError(try await RivAssets.run(["completions", "tcsh"]), of: "completions", saying: "give one shell: bash, zsh or fish")
    }
}
