//! The style guide's order of a GDScript file's methods, which `gdlint` does not check: static
//! methods (`_static_init` first), then the engine's virtual methods (`_init`, `_enter_tree`,
//! `_ready`, `_process`, `_physics_process`, then the rest), then public methods, then private
//! ones. Inner classes, which come last, are not looked into.

/// Virtual methods in the order the style guide names them; any other engine callback follows.
const VIRTUAL_ORDER: [&str; 5] = [
    "_init",
    "_enter_tree",
    "_ready",
    "_process",
    "_physics_process",
];

/// The engine's (and the script types') other virtual methods we override.
const OTHER_VIRTUALS: [&str; 15] = [
    "_exit_tree",
    "_input",
    "_unhandled_input",
    "_unhandled_key_input",
    "_shortcut_input",
    "_notification",
    "_draw",
    "_gui_input",
    "_get_minimum_size",
    "_initialize",
    "_finalize",
    "_log_error",
    "_log_message",
    "_to_string",
    "_get_configuration_warnings",
];

/// Where a method belongs: (group, place within the group).
fn rank(is_static: bool, name: &str) -> (u8, usize) {
    if name == "_static_init" {
        (0, 0)
    } else if is_static {
        (1, 0)
    } else if let Some(place) = VIRTUAL_ORDER.iter().position(|&v| v == name) {
        (2, place)
    } else if OTHER_VIRTUALS.contains(&name) {
        (2, VIRTUAL_ORDER.len())
    } else if name.starts_with('_') {
        (4, 0)
    } else {
        (3, 0)
    }
}

/// Every method of `source` that comes after one it should precede, as "line N: `b` after `a`".
pub fn problems(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut latest: Option<((u8, usize), &str)> = None;
    for (index, line) in source.lines().enumerate() {
        if line.starts_with("class ") {
            break;
        }
        let (is_static, rest) = match line.strip_prefix("static func ") {
            Some(rest) => (true, rest),
            None => match line.strip_prefix("func ") {
                Some(rest) => (false, rest),
                None => continue,
            },
        };
        let name = rest.split('(').next().unwrap_or(rest).trim();
        let here = rank(is_static, name);
        match latest {
            Some((before, previous)) if here < before => found.push(format!(
                "line {}: `{name}` comes after `{previous}`",
                index + 1
            )),
            _ => latest = Some((here, name)),
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::problems;

    #[test]
    fn the_style_guides_order_passes() {
        let source = "extends Node\n\nstatic func _static_init() -> void:\n\tpass\n\n\
            static func make() -> void:\n\tpass\n\nfunc _init() -> void:\n\tpass\n\n\
            func _ready() -> void:\n\tpass\n\nfunc _draw() -> void:\n\tpass\n\n\
            func show() -> void:\n\tpass\n\nfunc _hide() -> void:\n\tpass\n\n\
            class Inner:\n\tfunc _ready() -> void:\n\t\tpass\n";
        assert_eq!(problems(source), Vec::<String>::new());
    }

    #[test]
    fn a_method_out_of_place_is_named() {
        let source = "func _helper() -> void:\n\tpass\n\nfunc show() -> void:\n\tpass\n\n\
            func _ready() -> void:\n\tpass\n\nstatic func make() -> void:\n\tpass\n";
        assert_eq!(
            problems(source),
            [
                "line 4: `show` comes after `_helper`",
                "line 7: `_ready` comes after `_helper`",
                "line 10: `make` comes after `_helper`",
            ]
        );
    }
}
