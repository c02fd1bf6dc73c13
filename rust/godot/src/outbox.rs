//! Signals waiting to be emitted, in the order things happened.
//!
//! A signal handler may call straight back into the object that emitted the signal, and that
//! call has signals of its own. Emitted on the spot, they would nest one handler inside the
//! other, a stack frame deeper each time, until a handler that keeps calling back (a
//! `turn_started` handler that ends the turn and starts the next) overflows the stack. Instead
//! every class queues what it has to emit in an [`Outbox`], and only the outermost call emits:
//! a call made from a handler adds to the queue and returns, and its signals follow those
//! already waiting. However long the chain, the stack stays flat.

use std::collections::VecDeque;

use godot::prelude::*;

/// What waits to be emitted, and whether a call further out is emitting it.
pub struct Outbox<T> {
    pending: VecDeque<T>,
    emitting: bool,
    /// How many times everything waiting was dropped (see [`Outbox::clear`]).
    clears: u64,
}

impl<T> Default for Outbox<T> {
    fn default() -> Self {
        Outbox {
            pending: VecDeque::new(),
            emitting: false,
            clears: 0,
        }
    }
}

impl<T> Outbox<T> {
    /// Queues `item` behind everything already waiting.
    pub fn push(&mut self, item: T) {
        self.pending.push_back(item);
    }

    /// Whether a call is emitting right now (script may be running inside this object).
    pub fn is_emitting(&self) -> bool {
        self.emitting
    }

    /// Whether nothing waits and nothing is being emitted.
    pub fn is_idle(&self) -> bool {
        self.pending.is_empty() && !self.emitting
    }

    /// Drops everything waiting (the object's game was replaced).
    pub fn clear(&mut self) {
        self.pending.clear();
        self.clears += 1;
    }

    /// Changes whenever [`Outbox::clear`] drops what waits: an item emitted as more than one
    /// signal stops when it changes between them, as its handler replaced the game it told of.
    pub fn clears(&self) -> u64 {
        self.clears
    }

    /// Drops what waits but `keep` keeps (part of the object's game was replaced).
    pub fn retain(&mut self, keep: impl FnMut(&T) -> bool) {
        self.pending.retain(keep);
    }

    /// Starts emitting, unless a call further out already is or nothing waits: `true` when the
    /// caller is to drain the queue with [`Outbox::take_next`].
    pub fn begin(&mut self) -> bool {
        if self.emitting || self.pending.is_empty() {
            return false;
        }
        self.emitting = true;
        true
    }

    /// The next item to emit; `None` (and emitting over) once the queue is empty.
    pub fn take_next(&mut self) -> Option<T> {
        let next = self.pending.pop_front();
        self.emitting = next.is_some();
        next
    }
}

/// Holds a strong reference to a `RefCounted` object while its signal handlers run.
///
/// A handler may drop the last reference its script held (`bag = null`); an object destroyed
/// while one of its own methods runs would take the process down with it. Kept alive, it is
/// released when the emission ends — and should this be the last reference then, on the next
/// idle frame instead, once the method has returned and nothing of it is in use any more.
pub struct KeepAlive(Option<Gd<RefCounted>>);

impl KeepAlive {
    /// Keeps `object` alive until this is dropped.
    pub fn new(object: Gd<RefCounted>) -> Self {
        KeepAlive(Some(object))
    }
}

impl Drop for KeepAlive {
    fn drop(&mut self) {
        if let Some(object) = self.0.take().filter(|o| o.get_reference_count() <= 1) {
            let mut last = Some(object);
            Callable::from_fn("KeepAlive.release", move |_| drop(last.take())).call_deferred(&[]);
        }
    }
}
