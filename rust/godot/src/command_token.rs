//! The `CommandToken` class.

use std::cell::Cell;
use std::rc::Rc;

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
    #[var(get = get_token_id, no_set)]
    token_id: PhantomVar<i64>,
    /// The player who acts when this token is drawn.
    #[var(get = get_player_id, no_set)]
    player_id: PhantomVar<i64>,
    /// What the token allows: one of the `KIND_*` constants.
    #[var(get = get_kind, no_set)]
    kind: PhantomVar<i64>,
    /// The token shown, shared with the bag that handed the object out: a spare object is given
    /// a new token without a call into the engine (see [`crate::token_objects`]).
    shown: Rc<Cell<Token>>,
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

    /// The getter of [member token_id].
    #[func]
    pub fn get_token_id(&self) -> i64 {
        self.shown.get().id.to_raw()
    }

    /// The getter of [member player_id].
    #[func]
    pub fn get_player_id(&self) -> i64 {
        self.shown.get().owner.to_raw()
    }

    /// The getter of [member kind].
    #[func]
    pub fn get_kind(&self) -> i64 {
        self.shown.get().kind.code()
    }
}

#[godot_api]
impl IRefCounted for CommandToken {
    /// Prints as `CommandToken(id 3, player 1)`.
    fn to_string(&self) -> GString {
        GString::from(&format!(
            "CommandToken(id {}, player {})",
            self.get_token_id(),
            self.get_player_id()
        ))
    }
}

impl CommandToken {
    /// A new object showing `token`, and the cell through which it is given another token.
    pub fn new_showing(token: Token) -> (Gd<Self>, Rc<Cell<Token>>) {
        let shown = Rc::new(Cell::new(token));
        let object = Gd::from_object(Self {
            token_id: PhantomVar::default(),
            player_id: PhantomVar::default(),
            kind: PhantomVar::default(),
            shown: Rc::clone(&shown),
        });
        (object, shown)
    }
}
