//! README snippets run as pasted: every ```gdscript block of README.md becomes the script of a
//! Node in a fresh project that holds only the addon, and runs there headless for a few frames
//! (`tests/readme/run_snippets.gd`); one error in the log fails it.
//!
//! A block is used as a developer would paste it into a script:
//! - a block with `extends` is the whole script;
//! - otherwise its top-level `func`s, `const`s, `@onready` and `@export` lines (and any top-level
//!   `var` those functions read) are the script's members, and its other top-level statements
//!   become the body of `_ready()`, in order.
//!
//! A node whose script reads `$GameRules` gets a `GameRules` child of that name. A block that
//! needs more than it shows says so in an HTML comment on the line before its fence:
//! - `<!-- snippet: uses rules -->` — it reads a `rules` it does not declare: the script gets
//!   `@onready var rules: GameRules = $GameRules`;
//! - `<!-- snippet: skip, <why> -->` — it is run elsewhere (the multiplayer block, by the
//!   multiplayer step) and not here.

use std::path::Path;

use crate::extension;
use crate::godot::Godot;
use crate::headless::Run;
use crate::{Result, paths};

/// A ```gdscript block of the README and what its marker asks for.
#[derive(Debug, PartialEq)]
struct Snippet {
    /// The README line of its fence, from 1.
    line: usize,
    /// What the marker comment on the line before the fence says (empty without one).
    marker: String,
    /// The block's text.
    text: String,
}

/// Writes every runnable README snippet into a fresh project with the addon and runs them.
pub fn check(godot: &Godot) -> Result {
    let readme = std::fs::read_to_string(paths::root().join("README.md"))
        .map_err(|e| format!("cannot read README.md: {e}"))?;
    let scripts = scripts(&snippets(&readme))?;
    let project = paths::target().join("readme-snippets");
    crate::folders::remove(&project)?;
    let dir = project.join("snippets");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    write(
        &project.join("project.godot"),
        "config_version=5\n\n[application]\n\nconfig/name=\"README snippets\"\n",
    )?;
    for (from, to) in [
        ("readme/run_snippets.gd", "run_snippets.gd"),
        ("lib/error_log.gd", "error_log.gd"),
    ] {
        let source = paths::test_project().join(from);
        std::fs::copy(&source, project.join(to))
            .map_err(|e| format!("cannot copy {}: {e}", source.display()))?;
    }
    for (name, script) in &scripts {
        write(&dir.join(name), script)?;
    }
    extension::install_addon(&project)?;
    crate::projects::import(godot, &project)?;
    let finished = Run::new(godot, &project, 300)
        .args(["-s", "res://run_snippets.gd"])
        .finish(false)?;
    let expected = format!("{} passed, 0 failed", scripts.len());
    if finished.log.lines().any(|line| line == expected) {
        finished.check("README snippets")
    } else {
        Err(format!(
            "README snippets: expected \"{expected}\"; the scripts are in {}",
            dir.display()
        ))
    }
}

fn write(file: &Path, text: &str) -> Result {
    std::fs::write(file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))
}

/// The ```gdscript blocks of `readme`, with their markers.
fn snippets(readme: &str) -> Vec<Snippet> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        if lines[at].trim_end() != "```gdscript" {
            at += 1;
            continue;
        }
        let marker = lines[..at]
            .iter()
            .rev()
            .find(|line| !line.trim().is_empty())
            .and_then(|line| line.trim().strip_prefix("<!-- snippet:"))
            .and_then(|rest| rest.strip_suffix("-->"))
            .map_or(String::new(), |marker| marker.trim().to_owned());
        let body: Vec<&str> = lines[at + 1..]
            .iter()
            .take_while(|line| !line.starts_with("```"))
            .copied()
            .collect();
        found.push(Snippet {
            line: at + 1,
            marker,
            text: body.join("\n") + "\n",
        });
        at += body.len() + 2;
    }
    found
}

/// The scripts to run, named `readme_<line>.gd`, built from `snippets` as the module docs say.
fn scripts(snippets: &[Snippet]) -> Result<Vec<(String, String)>> {
    let mut scripts = Vec::new();
    for snippet in snippets {
        let marker = snippet.marker.as_str();
        let mut text = snippet.text.clone();
        if marker == "uses rules" {
            text = format!("@onready var rules: GameRules = $GameRules\n\n\n{text}");
        } else if !(marker.is_empty() || marker.starts_with("skip")) {
            return Err(format!(
                "README line {}: unknown snippet marker \"{marker}\"",
                snippet.line
            ));
        }
        if marker.starts_with("skip") {
            continue;
        }
        let script =
            script_for(&text).map_err(|why| format!("README line {}: {why}", snippet.line))?;
        let header = format!("# README.md, the snippet at line {}.\n", snippet.line);
        scripts.push((format!("readme_{:04}.gd", snippet.line), header + &script));
    }
    Ok(scripts)
}

/// A script for a Node from a snippet's text (see the module docs).
fn script_for(text: &str) -> Result<String> {
    if text.lines().any(|line| line.starts_with("extends ")) {
        return Ok(text.to_owned());
    }
    let units = units(text);
    let functions: Vec<&str> = units
        .iter()
        .filter(|unit| {
            ["func ", "static func "]
                .iter()
                .any(|s| head(unit).starts_with(s))
        })
        .map(String::as_str)
        .collect();
    let mut members = Vec::new();
    let mut body = Vec::new();
    for unit in &units {
        let is_member = [
            "func ",
            "static func ",
            "const ",
            "@onready ",
            "@export",
            "signal ",
        ]
        .iter()
        .any(|start| head(unit).starts_with(start))
            || declared_var(unit)
                .is_some_and(|name| functions.iter().any(|function| mentions(function, name)));
        if is_member {
            members.push(unit.trim_start_matches('\n').trim_end().to_owned());
        } else {
            body.push(unit.as_str());
        }
    }
    let mut script = String::from("extends Node\n");
    for member in &members {
        script.push_str("\n\n");
        script.push_str(member);
        script.push('\n');
    }
    if !body.concat().trim().is_empty() {
        if functions
            .iter()
            .any(|f| head(f).starts_with("func _ready("))
        {
            return Err("the snippet has both statements and a _ready()".to_owned());
        }
        script.push_str("\n\nfunc _ready() -> void:\n");
        for line in body.concat().trim_end().lines() {
            if !line.is_empty() {
                script.push('\t');
            }
            script.push_str(line);
            script.push('\n');
        }
    }
    Ok(script)
}

/// The top-level pieces of `text`: each line at column 0 with the indented (or closing-bracket)
/// lines that continue it; blank lines and comments go with the piece that follows them.
fn units(text: &str) -> Vec<String> {
    let mut units: Vec<String> = Vec::new();
    let mut pending = String::new();
    for line in text.lines() {
        let continues = line.starts_with(['\t', ' ', ')', ']', '}']);
        if continues && pending.is_empty() && !units.is_empty() {
            let last = units.len() - 1;
            units[last].push_str(line);
            units[last].push('\n');
            continue;
        }
        pending.push_str(line);
        pending.push('\n');
        if !(line.trim().is_empty() || line.starts_with('#') || continues) {
            units.push(std::mem::take(&mut pending));
        }
    }
    if !pending.is_empty() {
        units.push(pending);
    }
    units
}

/// A unit's first line that is neither blank nor a comment.
fn head(unit: &str) -> &str {
    unit.lines()
        .find(|line| !(line.trim().is_empty() || line.starts_with('#')))
        .unwrap_or("")
}

/// The name a unit declares with a top-level `var`, if it does.
fn declared_var(unit: &str) -> Option<&str> {
    let rest = head(unit).strip_prefix("var ")?;
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    Some(&rest[..end])
}

/// Whether `text` uses the identifier `name` (as a whole word).
fn mentions(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !is_word(before) && !is_word(after)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_and_their_markers_are_found() {
        let readme = "# Title\n\n```gdscript\nprint(1)\n```\n\n<!-- snippet: uses rules -->\n\n\
                      ```gdscript\nprint(2)\n```\n```text\nno\n```\n";
        let found = snippets(readme);
        assert_eq!(found.len(), 2);
        assert_eq!((found[0].line, found[0].marker.as_str()), (3, ""));
        assert_eq!(found[0].text, "print(1)\n");
        assert_eq!((found[1].line, found[1].marker.as_str()), (9, "uses rules"));
    }

    #[test]
    fn statements_go_into_ready_and_what_functions_read_becomes_a_member() {
        let text = "var bag := CommandTokenBag.new()\nvar n := 3\n# deal\nfor i in n:\n\
                    \tbag.add_player_tokens(i, 4)\nbag.connect(\"x\", func() -> void:\n\
                    \tprint(n))\n\n\nfunc _on_x() -> void:\n\tprint(bag)\n";
        let script = script_for(text).unwrap();
        assert_eq!(
            script,
            "extends Node\n\n\nvar bag := CommandTokenBag.new()\n\n\nfunc _on_x() -> void:\n\
             \tprint(bag)\n\n\nfunc _ready() -> void:\n\tvar n := 3\n\t# deal\n\tfor i in n:\n\
             \t\tbag.add_player_tokens(i, 4)\n\tbag.connect(\"x\", func() -> void:\n\
             \t\tprint(n))\n"
        );
    }

    #[test]
    fn a_whole_script_is_kept_and_unknown_markers_are_refused() {
        assert_eq!(
            script_for("extends Node\nvar x := 1\n").unwrap(),
            "extends Node\nvar x := 1\n"
        );
        let odd = Snippet {
            line: 4,
            marker: "frobnicate".to_owned(),
            text: String::new(),
        };
        assert!(
            scripts(&[odd])
                .unwrap_err()
                .contains("unknown snippet marker")
        );
    }
}
