import Foundation
import Testing
import RivTestSupport

/// `riv-assets completions bash|zsh|fish`: each script loaded into its real shell
/// and asked to complete command lines, in a folder holding a `.riv` file, another
/// file and a subfolder.
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
        ("riv-assets list ", ["a.riv", "sub"]),
        ("riv-assets replace --assets ", ["sub"]),
        ("riv-assets help ver", ["verify"]),
    ]

    /// A folder to complete in: `a.riv`, `b.txt` and the folder `sub`.
    private func sandbox() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        _ = try directory.write("a.riv", [0x52, 0x49, 0x56, 0x45])
        _ = try directory.write("b.txt", Array("not a Rive file".utf8))
        try directory.folder("sub")
        return directory
    }

    /// The completions `shell` offers for `line` with `script` loaded, run in `folder`.
    private func completions(_ shell: Shell, path: String, script: String, line: String, in folder: TemporaryDirectory) throws -> Set<String> {
        let arguments: [String]
        switch shell {
        case .bash:
            arguments = ["--norc", "-c", """
                source "$1"; read -ra COMP_WORDS <<< "$2"; [[ "$2" == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _riv_assets; printf '%s\\n' "${COMPREPLY[@]}"
                """, "bash", script, line]
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
          (( $#hits )) && print -rl -- $hits >> $RESULT
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

    @Test("each shell completes commands, options, option values and .riv files as declared", arguments: Shell.allCases)
    func completesInTheShell(_ shell: Shell) throws {
        let path = try #require(shell.path, "\(shell.rawValue) is not installed (.ci/run installs it)")
        let folder = try sandbox()
        let generated = try RivAssets.run(["completions", shell.rawValue])
        #expect(generated.status == 0 && generated.stderr.isEmpty)
        let script = try folder.write(".completion." + shell.rawValue, Array(generated.stdout.utf8))
        for (line, offered) in Self.expected {
            #expect(try completions(shell, path: path, script: script, line: line, in: folder) == offered, "\(shell.rawValue): \(line)")
        }
        // Every long option a command declares is offered after `--`.
        let extract = try completions(shell, path: path, script: script, line: "riv-assets extract --", in: folder)
        #expect(Set(["--output", "--type", "--name", "--hosted", "--cache-dir", "--deadline", "--json"]).isSubset(of: extract), "\(extract)")
    }

    @Test("a missing or unknown shell is a usage error")
    func unknownShell() throws {
        expectUsageError(try RivAssets.run(["completions"]), of: "completions", saying: "give one shell: bash, zsh or fish")
        expectUsageError(try RivAssets.run(["completions", "tcsh"]), of: "completions", saying: "give one shell: bash, zsh or fish")
    }
}
