//! The `CommandToken` class.

// gdext generates undocumented Rust getters for the `#[var]` fields; their Godot docs come from the
// field comments below.
#![allow(missing_docs)]

use godot::prelude::*;
use horizons_edge_core::Token;

use crate::token_objects;

/// One command token from a [CommandTokenBag]: whose it is and what it allows. Read-only.
///
/// Tokens are made by the bag; GDScript receives them from [method CommandTokenBag.draw_token],
/// [method CommandTokenBag.peek_tokens] and [method CommandTokenBag.get_drawn_history].
///
/// [b]One object per token.[/b] A bag hands out the same object for the same token every time:
/// the token [method CommandTokenBag.draw_token] returns is the object an earlier
/// [method CommandTokenBag.peek_tokens] returned for it, and the one
/// [method CommandTokenBag.get_drawn_history] holds afterwards ([code]==[/code] holds). An object
/// you hold never changes: its fields are those of its token for as long as you keep it, across
/// [method CommandTokenBag.clear], [method CommandTokenBag.load_json] and the bag's end. Once
/// nobody holds an object any more (the bag let go of it and no variable, Array or Variant
/// refers to it), it may be reused for a later token of any bag, so that draws make no new
/// objects: keep the object itself, or its [member token_id], to know a token again — not its
/// instance id, a [WeakRef] to it, or metadata or a script set on it. Each
/// [method GameRules.get_bag] copy has objects of its own.
/// ```gdscript
/// var token := bag.draw_token()
/// if token:
///     print("token %d: player %d acts" % [token.token_id, token.player_id])
/// ```
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub struct CommandToken {
    /// The token's id, unique within its bag.
    #[var(no_set)]
    token_id: i64,
    /// The player who acts when this token is drawn.
    #[var(no_set)]
    player_id: i64,
    /// What the token allows: one of the `KIND_*` constants.
    #[var(no_set)]
    kind: i64,
}

#[godot_api]
impl CommandToken {
    /// An ordinary command token: its owner takes exactly one action.
    #[constant]
    pub const KIND_COMMAND: i64 = 0;
    /// A double-action token (granted by a card or structure): its owner takes two actions in
    /// one activation.
    #[constant]
    pub const KIND_DOUBLE_ACTION: i64 = 1;

    /// Frees the spare objects the bags keep for reuse (see the class description) and returns
    /// how many there were; the pool fills again as bags let go of tokens nobody holds. For a
    /// leak check that counts objects ([constant Performance.OBJECT_COUNT]) before and after
    /// some work: call it just before each count, so the spares are not mistaken for leaks.
    /// ```gdscript
    /// CommandToken.free_spares()
    /// var before := Performance.get_monitor(Performance.OBJECT_COUNT)
    /// ```
    #[func]
    pub fn free_spares() -> i64 {
        token_objects::free_spares() as i64
    }
}

#[godot_api]
impl IRefCounted for CommandToken {
    /// Prints as `CommandToken(id 3, player 1)`.
    fn to_string(&self) -> GString {
        GString::from(&format!(
            "CommandToken(id {}, player {})",
            self.token_id, self.player_id
        ))
    }
}

impl CommandToken {
    /// A new object showing `token`.
    pub fn new_showing(token: Token) -> Gd<Self> {
        Gd::from_object(Self {
            token_id: token.id.to_raw(),
            player_id: token.owner.to_raw(),
            kind: token.kind.code(),
        })
    }

    /// Shows `token` from now on (a spare object given to a new token; see
    /// [`crate::token_objects`]).
    pub fn show(&mut self, token: Token) {
        self.token_id = token.id.to_raw();
        self.player_id = token.owner.to_raw();
        self.kind = token.kind.code();
    }
}
