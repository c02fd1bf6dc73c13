//! The `CommandToken` objects a bag hands out: one per token, and no object made per draw.
//!
//! A [`TokenObjects`] gives each token of its bag one object, made (or taken from the spares)
//! the first time the bag hands the token out — by a draw, a peek or the drawn history — and
//! handed out again every later time, so `draw_token()` returns the very object `peek_tokens()`
//! returned before it and `get_drawn_history()` returns after it.
//!
//! Creating an object through the engine costs more than everything else a draw does. So when a
//! bag lets go of its objects (it is cleared, loaded or freed), each one that nobody else holds
//! goes to a small pool of spares on this thread, and the next token any bag hands out gets a
//! spare showing it instead of a new object: a round of draws makes no objects once the pool
//! holds a round's worth. A spare is given its token through a cell it shares with the pool,
//! without a call into the engine. An object someone holds (a variable, an Array, a
//! signal's bound argument) is never a spare, so it never changes. The pool is emptied when the
//! library's scene level is unloaded, before the engine checks for leaked objects.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use godot::prelude::*;
use horizons_edge_core::Token;
use horizons_edge_core::bag::{MAX_PLAYERS, MAX_TOKENS_PER_PLAYER};
use horizons_edge_core::ids::TokenId;

use crate::command_token::CommandToken;

/// The most spare objects kept: two full bags' worth.
const MAX_SPARES: usize = 2 * MAX_PLAYERS * MAX_TOKENS_PER_PLAYER as usize;

/// The most tokens a bag keeps objects for by position (from its lowest token id); a bag whose
/// ids spread wider (one loaded from hand-edited JSON) keeps the rest by id in a map.
const MAX_WINDOW: u32 = 4 * MAX_PLAYERS as u32 * MAX_TOKENS_PER_PLAYER;

/// A token object and the cell that tells it which token it shows.
struct Shown {
    object: Gd<CommandToken>,
    token: Rc<Cell<Token>>,
}

impl Shown {
    /// A spare showing `token`, or a new object.
    fn take(token: Token) -> Shown {
        match SPARES.with_borrow_mut(|spares| spares.objects.pop()) {
            Some(spare) => {
                spare.token.set(token);
                spare
            }
            None => {
                let (object, token) = CommandToken::new_showing(token);
                Shown { object, token }
            }
        }
    }
}

/// The spare objects of this thread (the engine's main thread: gdext calls nothing else).
struct Spares {
    objects: Vec<Shown>,
    /// False outside the library's scene level: nothing may be kept then, as an object outliving
    /// the engine's shutdown would be reported as leaked.
    open: bool,
}

thread_local! {
    static SPARES: RefCell<Spares> = const {
        RefCell::new(Spares {
            objects: Vec::new(),
            open: false,
        })
    };
}

/// Starts keeping spares (the library's scene level is loaded).
pub fn open_spares() {
    SPARES.with_borrow_mut(|spares| spares.open = true);
}

/// Drops every spare and keeps none from now on (the scene level is being unloaded).
pub fn close_spares() {
    SPARES.with_borrow_mut(|spares| spares.open = false);
    free_spares();
}

/// Drops every spare kept so far; returns how many there were. Later releases fill the pool
/// again.
pub fn free_spares() -> usize {
    let dropped = SPARES.with_borrow_mut(|spares| std::mem::take(&mut spares.objects));
    let count = dropped.len();
    // Released outside the borrow: freeing an object runs engine code.
    drop(dropped);
    count
}

/// Keeps each of `objects` that nobody else holds as a spare, while there is room; drops the
/// rest.
fn release(objects: impl Iterator<Item = Shown>) {
    let freed = SPARES.with_borrow_mut(|spares| {
        let mut freed = Vec::new();
        for shown in objects {
            // Only this reference: no script, Array or Variant can see the object change.
            if spares.open
                && spares.objects.len() < MAX_SPARES
                && shown.object.get_reference_count() == 1
            {
                spares.objects.push(shown);
            } else {
                freed.push(shown);
            }
        }
        freed
    });
    // Dropped outside the borrow: freeing an object may run a script attached to it, which may
    // reach a bag and with it the spares.
    drop(freed);
}

/// Hashes a token id with one multiplication (Fibonacci hashing), which spreads consecutive ids
/// over the table.
#[derive(Default)]
struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.write_u64(u64::from(*byte));
        }
    }

    fn write_u32(&mut self, id: u32) {
        self.write_u64(u64::from(id));
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0 ^ value).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The objects handed out so far, by token id.
#[derive(Default)]
struct ById {
    /// The lowest id any token of the bag can have: `window[i]` is token `first + i`'s.
    first: u32,
    window: Vec<Option<Shown>>,
    /// Tokens too far above `first` for the window, or below it.
    others: HashMap<TokenId, Shown, BuildHasherDefault<IdHasher>>,
}

impl ById {
    /// `id`'s place in the window, if it has one.
    fn position(&self, id: TokenId) -> Option<usize> {
        id.0.checked_sub(self.first)
            .filter(|&offset| offset < MAX_WINDOW)
            .map(|offset| offset as usize)
    }

    /// `id`'s object, if it has one.
    fn get(&self, id: TokenId) -> Option<&Gd<CommandToken>> {
        let shown = match self.position(id) {
            Some(at) => self.window.get(at).and_then(Option::as_ref),
            None => self.others.get(&id),
        };
        shown.map(|shown| &shown.object)
    }

    /// Lets go of every object (see [`release`]).
    fn release(self) {
        release(
            self.window
                .into_iter()
                .flatten()
                .chain(self.others.into_values()),
        );
    }

    /// Keeps `shown` as `id`'s object.
    fn insert(&mut self, id: TokenId, shown: Shown) {
        match self.position(id) {
            Some(at) => {
                if self.window.len() <= at {
                    self.window.resize_with(at + 1, || None);
                }
                self.window[at] = Some(shown);
            }
            None => {
                self.others.insert(id, shown);
            }
        }
    }
}

/// One bag's token objects, by token id.
pub struct TokenObjects {
    // Interior mutability: the bag's queries (`&self`) hand objects out too. No engine call that
    // could run script happens while it is borrowed.
    by_id: RefCell<ById>,
}

impl TokenObjects {
    /// Objects for a bag whose tokens have ids `first` and above.
    pub fn from_token(first: TokenId) -> TokenObjects {
        TokenObjects {
            by_id: RefCell::new(ById {
                first: first.0,
                ..ById::default()
            }),
        }
    }

    /// `token`'s object: the one handed out before, or one made for it now.
    pub fn object(&self, token: Token) -> Gd<CommandToken> {
        if let Some(object) = self.by_id.borrow().get(token.id) {
            return object.clone();
        }
        let shown = Shown::take(token);
        let object = shown.object.clone();
        self.by_id.borrow_mut().insert(token.id, shown);
        object
    }

    /// The objects of `tokens`, in the same order.
    pub fn array<'a>(
        &self,
        tokens: impl IntoIterator<Item = &'a Token>,
    ) -> Array<Gd<CommandToken>> {
        tokens
            .into_iter()
            .map(|token| self.object(*token))
            .collect()
    }

    /// Lets go of every object (the bag's tokens were replaced by tokens whose ids are `first`
    /// or above): the next token with one of their ids gets an object of its own. Those nobody
    /// else holds become spares.
    pub fn release_all(&self, first: TokenId) {
        let objects = std::mem::replace(
            &mut *self.by_id.borrow_mut(),
            ById {
                first: first.0,
                ..ById::default()
            },
        );
        objects.release();
    }
}

impl Drop for TokenObjects {
    fn drop(&mut self) {
        std::mem::take(self.by_id.get_mut()).release();
    }
}
