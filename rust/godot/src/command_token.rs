//! The `CommandToken` class.

// gdext generates undocumented Rust getters for the `#[var]` fields; their Godot docs come from the
// field comments below.
#![allow(missing_docs)]

use godot::prelude::*;
use horizons_edge_core::Token;

/// One command token from a [CommandTokenBag]: whose it is and what it allows. Read-only.
///
/// Tokens are made by the bag; GDScript receives them from [method CommandTokenBag.draw_token],
/// [method CommandTokenBag.peek_tokens] and [method CommandTokenBag.get_drawn_history].
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
    /// A Godot object for a core token.
    pub fn from_core(token: Token) -> Gd<Self> {
        Gd::from_object(Self {
            token_id: token.id.to_raw(),
            player_id: token.owner.to_raw(),
            kind: token.kind.code(),
        })
    }

    /// An array of Godot objects for core tokens, in the same order.
    pub fn array_from_core<'a>(tokens: impl IntoIterator<Item = &'a Token>) -> Array<Gd<Self>> {
        tokens.into_iter().map(|t| Self::from_core(*t)).collect()
    }
}
