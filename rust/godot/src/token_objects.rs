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
//! spare with its fields rewritten instead of a new object: a round of draws makes no objects
//! once the pool holds a round's worth. An object someone holds (a variable, an Array, a
//! signal's bound argument) is never a spare, so it never changes. The pool is emptied when the
//! library's scene level is unloaded, before the engine checks for leaked objects.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use godot::prelude::*;
use horizons_edge_core::Token;
use horizons_edge_core::bag::{MAX_PLAYERS, MAX_TOKENS_PER_PLAYER};
use horizons_edge_core::ids::TokenId;

use crate::command_token::CommandToken;

/// The most spare objects kept: two full bags' worth.
const MAX_SPARES: usize = 2 * MAX_PLAYERS * MAX_TOKENS_PER_PLAYER as usize;

/// The spare objects of this thread (the engine's main thread: gdext calls nothing else).
struct Spares {
    objects: Vec<Gd<CommandToken>>,
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

/// An object showing `token`: a spare with its fields rewritten, or a new one.
fn object_for(token: Token) -> Gd<CommandToken> {
    match SPARES.with_borrow_mut(|spares| spares.objects.pop()) {
        Some(mut object) => {
            object.bind_mut().show(token);
            object
        }
        None => CommandToken::new_showing(token),
    }
}

/// Keeps each of `objects` that nobody else holds as a spare, while there is room; drops the
/// rest.
fn release(objects: Vec<Gd<CommandToken>>) {
    let freed = SPARES.with_borrow_mut(|spares| {
        let mut freed = Vec::new();
        for object in objects {
            // Only this reference: no script, Array or Variant can see the object change.
            if spares.open && spares.objects.len() < MAX_SPARES && object.get_reference_count() == 1
            {
                spares.objects.push(object);
            } else {
                freed.push(object);
            }
        }
        freed
    });
    // Dropped outside the borrow: freeing an object may run a script attached to it, which may
    // reach a bag and with it the spares.
    drop(freed);
}

/// Hashes a token id with one multiplication (Fibonacci hashing), which spreads the bag's
/// consecutive ids over the table; a draw looks its token up, and SipHash cost as much as the draw.
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

/// One bag's token objects, by token id.
#[derive(Default)]
pub struct TokenObjects {
    // Interior mutability: the bag's queries (`&self`) hand objects out too. No engine call that
    // could run script happens while it is borrowed.
    by_id: RefCell<HashMap<TokenId, Gd<CommandToken>, BuildHasherDefault<IdHasher>>>,
}

impl TokenObjects {
    /// `token`'s object: the one handed out before, or one made for it now.
    pub fn object(&self, token: Token) -> Gd<CommandToken> {
        if let Some(object) = self.by_id.borrow().get(&token.id) {
            return object.clone();
        }
        let object = object_for(token);
        let mut by_id = self.by_id.borrow_mut();
        if by_id.capacity() == 0 {
            // A round's worth at once rather than growing token by token.
            by_id.reserve(MAX_TOKENS_PER_PLAYER as usize);
        }
        by_id.insert(token.id, object.clone());
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

    /// Lets go of every object (the bag's tokens were replaced): the next token with one of
    /// their ids gets an object of its own. Those nobody else holds become spares.
    pub fn release_all(&self) {
        let objects = self
            .by_id
            .borrow_mut()
            .drain()
            .map(|(_, object)| object)
            .collect();
        release(objects);
    }
}

impl Drop for TokenObjects {
    fn drop(&mut self) {
        self.release_all();
    }
}
