import Foundation

/// A Dockerfile read the way the builder reads it: comment lines dropped, continued lines joined, split into stages.
struct Dockerfile {
    struct Instruction {
        let keyword: String
        let arguments: String

        /// The exec form (`["a", "b"]`); nil for the shell form.
        var execForm: [String]? {
            guard arguments.hasPrefix("[") else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(arguments.utf8))) as? [String]
        }
    }

    struct Stage {
        let base: String
        let instructions: [Instruction]

        func all(_ keyword: String) -> [Instruction] {
            instructions.filter { $0.keyword == keyword }
        }

        /// `ENV A=1 B=2` instructions as one dictionary.
        var environment: [String: String] {
            var values: [String: String] = [:]
            for instruction in all("ENV") {
                for pair in instruction.arguments.split(whereSeparator: \.isWhitespace) {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
                }
            }
            return values
        }

        /// The packages of every `apt-get install` in the stage's RUN instructions.
        var installedPackages: Set<String> {
            var packages: Set<String> = []
            for run in all("RUN") {
                for command in run.arguments.components(separatedBy: "&&") {
                    let words = command.split(whereSeparator: \.isWhitespace).map(String.init)
                    guard let install = words.firstIndex(of: "install"), words[..<install].contains("apt-get") else { continue }
                    packages.formUnion(words[(install + 1)...].filter { !$0.hasPrefix("-") })
                }
            }
            return packages
        }
    }

    let stages: [Stage]

    init(_ text: String) throws {
        var instructions: [Instruction] = []
        var pending = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasSuffix("\\") {
                pending += trimmed.dropLast() + " "
                continue
            }
            let whole = pending + trimmed
            pending = ""
            let keyword = whole.prefix { !$0.isWhitespace }
            let arguments = whole.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
            instructions.append(Instruction(keyword: keyword.uppercased(), arguments: arguments))
        }
        var stages: [Stage] = []
        var current: (base: String, instructions: [Instruction])?
        for instruction in instructions {
            if instruction.keyword == "FROM" {
                if let current { stages.append(Stage(base: current.base, instructions: current.instructions)) }
                current = (String(instruction.arguments.prefix { !$0.isWhitespace }), [])
            } else if current != nil {
                current?.instructions.append(instruction)
            } else if instruction.keyword != "ARG" {
                throw TestFileError("\(instruction.keyword) before the first FROM")
            }
        }
        if let current { stages.append(Stage(base: current.base, instructions: current.instructions)) }
        self.stages = stages
    }
}
