//! The `CommandTokenBag` class.

// gdext generates undocumented Rust accessors for the `log_refusals` property; its Godot docs come
// from the field comment.
#![allow(missing_docs)]

use godot::meta::PackedElement;
use godot::prelude::*;
use horizons_edge_core::bag::{BagCommand, BagEvent};
use horizons_edge_core::bag::{MAX_PLAYERS, MAX_TOKENS_PER_PLAYER};
use horizons_edge_core::ids::{TokenId, count_from_raw};
use horizons_edge_core::{Bag, PlayerId, RulesError};

use crate::command_token::CommandToken;
use crate::connections;
use crate::outbox::{KeepAlive, Outbox};
use crate::refusal::{LastRefusal, Refusal, refusing};
use crate::token_objects::TokenObjects;

/// The shared bag of command tokens: every player's tokens in one pool, drawn at random.
///
/// Each round every player puts their tokens in; a token is drawn, its owner takes one action,
/// then the next is drawn, until the bag is empty. Draws come from a seeded ChaCha20 stream held
/// in the bag: the same seed and the same calls give the same draws on every machine, and
/// [method to_json] / [method load_json] resume exactly where the bag left off. Without
/// [method set_seed], the bag is seeded from the operating system.
///
/// Tokens added after [method shuffle] are shuffled in automatically before the next draw, so
/// every draw is uniform over the tokens in the bag.
///
/// Bad input (a count below 1, a ninth player, an unknown player, a malformed or inconsistent save)
/// and a draw from an empty bag are refused: the bag is unchanged and the method returns a value
/// to check (an [enum Error] code, [code]-1[/code], [code]null[/code] or an empty array). Bad
/// input is also written to the error log; [method get_last_refusal] says why either way.
///
/// Signals are emitted once the bag is updated, so handlers may call back in (draw again, refill
/// the bag); the signals of such a call follow those still pending instead of nesting inside
/// them, so the stack stays flat however long a chain of handlers goes on.
///
/// A bag from [method GameRules.get_bag] is a read-only copy of the game's bag at that moment:
/// every query works, and every change is refused with [constant ERR_LOCKED] (or
/// [code]null[/code] / [code]-1[/code]); the game draws with [method GameRules.draw_next_token].
/// ```gdscript
/// var bag := CommandTokenBag.new()
/// bag.set_seed(42)
/// bag.token_drawn.connect(func(player_id: int, remaining: int) -> void:
///     print("player %d acts, %d left" % [player_id, remaining]))
/// bag.bag_emptied.connect(func() -> void: print("round over"))
/// for player_id in 4:
///     bag.add_player_tokens(player_id, 4)
/// bag.shuffle()
/// while not bag.is_empty():
///     var token := bag.draw_token()
/// ```
#[derive(GodotClass)]
#[class(base = RefCounted)]
pub struct CommandTokenBag {
    bag: Bag,
    read_only: bool,
    /// `token_drawn` and `bag_emptied` as `StringName`s, made once: converting a name on every
    /// draw costs more than the draw.
    token_drawn_name: StringName,
    bag_emptied_name: StringName,
    outbox: Outbox<BagSignal>,
    /// The `CommandToken` object of each token handed out since the last clear or load.
    objects: TokenObjects,
    last_refusal: LastRefusal,
    /// Print each ordinary refusal of play (an empty bag, a player without tokens) to the output
    /// log, naming the method and why; off by default, as those refusals are part of play and
    /// [method get_last_refusal] says why. Misuse of the API is logged as an error regardless.
    #[var]
    log_refusals: bool,
    base: Base<RefCounted>,
}

/// A signal waiting to be emitted.
enum BagSignal {
    /// `token_drawn(player_id, remaining)`.
    Drawn(i64, i64),
    /// `bag_changed(player_id, change)`.
    Changed(i64, i64),
    /// `bag_emptied()`.
    Emptied,
}

impl CommandTokenBag {
    /// A read-only copy of `bag`, as [`crate::game_rules::GameRules`] hands out: every query
    /// works, every change is refused, and the order of the tokens left (the round's secret,
    /// which foresight shows its owner alone) is not copied: they are put in a fixed order of
    /// owner and kind, and [`CommandTokenBag::peek_tokens`] is refused.
    pub fn read_only_copy(mut bag: Bag) -> Gd<CommandTokenBag> {
        bag.redraw_order(0, &[]);
        Gd::from_init_fn(|base| CommandTokenBag::holding(bag, true, base))
    }

    /// A bag object holding `bag`.
    fn holding(bag: Bag, read_only: bool, base: Base<RefCounted>) -> CommandTokenBag {
        CommandTokenBag {
            objects: TokenObjects::from_token(lowest_token(&bag)),
            bag,
            read_only,
            token_drawn_name: StringName::from("token_drawn"),
            bag_emptied_name: StringName::from("bag_emptied"),
            outbox: Outbox::default(),
            last_refusal: LastRefusal::default(),
            log_refusals: false,
            base,
        }
    }

    /// Emits everything queued, in order, unless a call further out is doing so (see
    /// [`Outbox`]): a handler that draws again adds to the queue instead of nesting.
    fn emit_pending(&mut self) {
        if !self.outbox.begin() {
            return;
        }
        let _alive = KeepAlive::new(self.to_gd().upcast());
        while let Some(signal) = self.outbox.take_next() {
            match signal {
                BagSignal::Drawn(player, remaining) => {
                    self.signals().token_drawn().emit(player, remaining)
                }
                BagSignal::Changed(player, change) => {
                    self.signals().bag_changed().emit(player, change)
                }
                BagSignal::Emptied => self.signals().bag_emptied().emit(),
            }
        }
    }

    /// Whether a signal named `name` is to be queued: something is connected to it, or the queue
    /// is being emitted (a handler may connect one before the queue reaches it).
    fn wants(&self, name: &StringName) -> bool {
        !self.outbox.is_idle() || connections::has_connections(&self.base, name)
    }

    /// Carries out the command `command` makes of the caller's arguments, for `method` (see
    /// [`CommandTokenBag::change`]), and queues the signals its events call for; the caller
    /// emits them ([`CommandTokenBag::emit_pending`]) once it has what it needs of the bag.
    fn run(
        &mut self,
        method: &'static str,
        command: impl FnOnce() -> Result<BagCommand, RulesError>,
    ) -> Result<Vec<BagEvent>, Refusal> {
        let events = self.change(method, |bag| Ok(bag.apply(command()?)?))?;
        for event in &events {
            match *event {
                BagEvent::TokenDrawn { token, remaining } => {
                    if self.wants(&self.token_drawn_name) {
                        let owner = token.owner.to_raw();
                        self.outbox
                            .push(BagSignal::Drawn(owner, i64::from(remaining)));
                    }
                }
                // Always heard: a bag changes rarely, so nothing is saved by asking first.
                BagEvent::TokensChanged { player, change } => self
                    .outbox
                    .push(BagSignal::Changed(player.to_raw(), change)),
                BagEvent::Emptied => {
                    if self.wants(&self.bag_emptied_name) {
                        self.outbox.push(BagSignal::Emptied);
                    }
                }
            }
        }
        Ok(events)
    }

    /// Runs `body` on the bag for `method`, unless this is a read-only copy; a refusal is
    /// remembered for [`CommandTokenBag::get_last_refusal`].
    fn change<T>(
        &mut self,
        method: &'static str,
        body: impl FnOnce(&mut Bag) -> Result<T, RulesError>,
    ) -> Result<T, Refusal> {
        let result = match self.read_only {
            true => Err(Refusal::new(
                method,
                godot::global::Error::ERR_LOCKED,
                "read_only",
                "this bag is a read-only copy of a GameRules bag; change the game through \
                 GameRules instead",
            )),
            false => refusing(method, || body(&mut self.bag)),
        };
        self.last_refusal.note(-1, result, self.log_refusals)
    }
}

#[godot_api]
impl IRefCounted for CommandTokenBag {
    fn init(base: Base<RefCounted>) -> Self {
        Self::holding(Bag::with_os_seed(), false, base)
    }

    /// Prints as `CommandTokenBag(12 of 16 tokens left)`.
    fn to_string(&self) -> GString {
        let contributed: u32 = self.bag.tallies().iter().map(|t| t.contributed).sum();
        GString::from(&format!(
            "CommandTokenBag({} of {contributed} tokens left)",
            self.bag.remaining()
        ))
    }
}

#[godot_api]
impl CommandTokenBag {
    /// The most distinct players one bag holds tokens for.
    #[constant]
    pub const MAX_PLAYERS: i64 = MAX_PLAYERS as i64;

    /// The most tokens one player may put into the bag per round.
    #[constant]
    pub const MAX_TOKENS_PER_PLAYER: i64 = MAX_TOKENS_PER_PLAYER as i64;

    /// Emitted after every successful draw, once the bag is updated: whose token it was and how
    /// many tokens are left.
    #[signal]
    pub fn token_drawn(player_id: i64, remaining: i64);

    /// Emitted exactly once when the last token leaves the bag, by a draw or by
    /// [method remove_player_tokens]; after [signal token_drawn] for that draw.
    #[signal]
    pub fn bag_emptied();

    /// Emitted when tokens go into the bag or leave it other than by a draw:
    /// [param change] tokens of [param player_id], positive from [method add_player_tokens],
    /// negative from [method remove_player_tokens] (before [signal bag_emptied] if that emptied
    /// the bag). A display following the bag (TokenBagDisplay) shows every change in order.
    #[signal]
    pub fn bag_changed(player_id: i64, change: i64);

    /// Puts [param count] tokens of [param player_id] into the bag (1 to [constant
    /// MAX_TOKENS_PER_PLAYER] per player per round, at most [constant MAX_PLAYERS] players)
    /// and emits [signal bag_changed]. Returns [constant OK], or
    /// [constant ERR_INVALID_PARAMETER] with the bag unchanged.
    #[func]
    pub fn add_player_tokens(&mut self, player_id: i64, count: i64) -> Result<(), Refusal> {
        self.run("CommandTokenBag.add_player_tokens", || {
            Ok(BagCommand::AddPlayerTokens {
                player: PlayerId::from_raw(player_id)?,
                count: count_from_raw("token count", count, 1, MAX_TOKENS_PER_PLAYER)?,
            })
        })?;
        self.emit_pending();
        Ok(())
    }

    /// Puts the tokens in the bag in a uniformly random order.
    #[func]
    pub fn shuffle(&mut self) -> Result<(), Refusal> {
        self.run("CommandTokenBag.shuffle", || Ok(BagCommand::Shuffle))?;
        Ok(())
    }

    /// Takes the next token out of the bag and emits [signal token_drawn] (and
    /// [signal bag_emptied] if it was the last). Returns the token's [CommandToken] — the same
    /// object [method peek_tokens] returned for it and [method get_drawn_history] holds (see
    /// [CommandToken] on object identity) — or [code]null[/code] when the bag is empty
    /// ([method get_last_refusal] says so; it is not an error).
    #[func]
    pub fn draw_token(&mut self) -> Result<Gd<CommandToken>, Refusal> {
        let events = self.run("CommandTokenBag.draw_token", || Ok(BagCommand::Draw))?;
        // Its object before any handler runs: one that loads or clears the bag hands the
        // objects of its tokens back, and the drawn token's object must still show that token.
        let drawn = events.iter().find_map(|event| match *event {
            BagEvent::TokenDrawn { token, .. } => Some(self.objects.object(token)),
            _ => None,
        });
        self.emit_pending();
        // Unreachable: a draw that succeeds tells of its token.
        drawn.ok_or_else(|| {
            Refusal::new(
                "CommandTokenBag.draw_token",
                godot::global::Error::ERR_BUG,
                "bug",
                "the bag drew without telling of a token",
            )
        })
    }

    /// Whether this bag is a read-only copy (from [method GameRules.get_bag]): queries work,
    /// changes return [constant ERR_LOCKED].
    #[func]
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// Whether no token is left to draw.
    #[func]
    pub fn is_empty(&self) -> bool {
        self.bag.is_empty()
    }

    /// Tokens left to draw.
    #[func]
    pub fn get_remaining_count(&self) -> i64 {
        i64::from(self.bag.remaining())
    }

    /// Tokens [param player_id] has left in the bag; [code]-1[/code] (and an error) for a player
    /// with no tokens in the bag this round.
    #[func]
    pub fn get_player_remaining_count(&self, player_id: i64) -> Result<i64, Refusal> {
        refusing("CommandTokenBag.get_player_remaining_count", || {
            let tally = self.bag.tally(PlayerId::from_raw(player_id)?)?;
            Ok(i64::from(tally.remaining))
        })
    }

    /// Tokens [param player_id] put into the bag this round (drawn, left or removed);
    /// [code]-1[/code] (and an error) for a player with no tokens in the bag this round.
    #[func]
    pub fn get_player_contributed_count(&self, player_id: i64) -> Result<i64, Refusal> {
        refusing("CommandTokenBag.get_player_contributed_count", || {
            let tally = self.bag.tally(PlayerId::from_raw(player_id)?)?;
            Ok(i64::from(tally.contributed))
        })
    }

    /// The players with tokens in the bag this round, in the order they first added tokens.
    #[func]
    pub fn get_player_ids(&self) -> PackedInt64Array {
        self.bag
            .tallies()
            .iter()
            .map(|t| t.player.to_raw())
            .collect()
    }

    /// The tokens drawn this round, oldest first: the objects [method draw_token] returned.
    #[func]
    pub fn get_drawn_history(&self) -> Array<Gd<CommandToken>> {
        self.objects.array(self.bag.drawn_history())
    }

    /// Takes every remaining token of [param player_id] out of the bag (for elimination or a
    /// disconnect) and returns how many; emits [signal bag_changed] (when there were any) and
    /// [signal bag_emptied] if that empties the bag.
    /// Returns [code]-1[/code] (and an error) for a player with no tokens in the bag this round.
    #[func]
    pub fn remove_player_tokens(&mut self, player_id: i64) -> Result<i64, Refusal> {
        let events = self.run("CommandTokenBag.remove_player_tokens", || {
            Ok(BagCommand::RemovePlayerTokens {
                player: PlayerId::from_raw(player_id)?,
            })
        })?;
        self.emit_pending();
        let removed = events.iter().find_map(|event| match *event {
            BagEvent::TokensChanged { change, .. } => Some(-change),
            _ => None,
        });
        Ok(removed.unwrap_or(0))
    }

    /// The next [param count] tokens in draw order (fewer if the bag holds fewer), without drawing
    /// them, as the objects the draws will return. Exact as long as the bag is not changed in
    /// between. A negative count gives an empty array and an error, and so does a
    /// [method GameRules.get_bag] copy, whose order is the game's secret.
    #[func]
    pub fn peek_tokens(&self, count: i64) -> Result<Array<Gd<CommandToken>>, Refusal> {
        const METHOD: &str = "CommandTokenBag.peek_tokens";
        if self.read_only {
            return Err(Refusal::new(
                METHOD,
                godot::global::Error::ERR_LOCKED,
                "read_only",
                "a game's bag order is secret: its read-only copy cannot peek (a seat with \
                 foresight has GameRules.get_foreseen)",
            ));
        }
        refusing(METHOD, || {
            let count = count_from_raw("peek count", count, 0, u32::MAX)?;
            Ok(self.objects.array(&self.bag.peek(count as usize)))
        })
    }

    /// Every player's tokens left in the bag, keyed by player id: all the counts a display needs
    /// in one call.
    #[func]
    pub fn get_remaining_counts(&self) -> Dictionary<i64, i64> {
        self.bag
            .tallies()
            .iter()
            .map(|t| (t.player.to_raw(), i64::from(t.remaining)))
            .collect()
    }

    /// Every player's tokens left in the bag, in the order of [method get_player_ids]: the same
    /// counts as [method get_remaining_counts] as one packed array, for a display that asks after
    /// every draw (a packed array costs a fraction of a Dictionary to build).
    #[func]
    pub fn get_remaining_counts_array(&self) -> PackedInt64Array {
        per_player(self.bag.tallies().iter().map(|t| i64::from(t.remaining)))
    }

    /// Every player's exact chance that the next draw is theirs, in the order of
    /// [method get_player_ids]: the same values as [method get_next_draw_chances] as one packed
    /// array.
    #[func]
    pub fn get_next_draw_chances_array(&self) -> PackedFloat64Array {
        per_player(
            self.bag
                .next_draw_chances()
                .map(|(_, chance)| chance.to_f64()),
        )
    }

    /// For every player in the bag, the exact chance (0.0 to 1.0) that the next draw is theirs:
    /// their tokens left divided by all tokens left. Keyed by player id.
    #[func]
    pub fn get_next_draw_chances(&self) -> Dictionary<i64, f64> {
        self.bag
            .next_draw_chances()
            .map(|(player, chance)| (player.to_raw(), chance.to_f64()))
            .collect()
    }

    /// The exact chance (0.0 to 1.0) that at least one of the next [param draws] draws is
    /// [param player_id]'s (hypergeometric, from the counts left, never from the hidden order).
    /// [code]-1.0[/code] (and an error) for a player with no tokens in the bag this round or a
    /// negative [param draws].
    #[func]
    pub fn get_chance_within(&self, player_id: i64, draws: i64) -> Result<f64, Refusal> {
        refusing("CommandTokenBag.get_chance_within", || {
            let draws = count_from_raw("draw count", draws, 0, u32::MAX)?;
            Ok(self
                .bag
                .chance_within(PlayerId::from_raw(player_id)?, draws)?)
        })
    }

    /// The expected number of other players' activations before [param player_id]'s next one,
    /// exactly [code](others left) / (theirs left + 1)[/code]; [code]-1.0[/code] when they have
    /// no token left (and an error for a player with no tokens in the bag this round).
    #[func]
    pub fn get_expected_activations_before(&self, player_id: i64) -> Result<f64, Refusal> {
        refusing("CommandTokenBag.get_expected_activations_before", || {
            let expected = self
                .bag
                .expected_activations_before(PlayerId::from_raw(player_id)?)?;
            Ok(expected.unwrap_or(-1.0))
        })
    }

    /// [param samples] possible futures of this round for Monte Carlo planning (an AI weighing
    /// its options): each the owners of the tokens left, in a uniformly random order drawn from
    /// a fresh stream seeded with [param seed]. The bag and its own draws are untouched. At most
    /// 100 000 samples and 1 000 000 tokens in all (samples × tokens left: 1 953 samples of a
    /// full 8 × 64 bag); an empty array (and an error) otherwise.
    #[func]
    pub fn sample_rest_of_round(
        &self,
        samples: i64,
        seed: i64,
    ) -> Result<Array<PackedInt64Array>, Refusal> {
        refusing("CommandTokenBag.sample_rest_of_round", || {
            let left = u64::from(self.bag.remaining()).max(1);
            let most = (MAX_SAMPLED_TOKENS / left).min(100_000) as u32;
            let samples = count_from_raw("sample count", samples, 0, most)?;
            Ok(self
                .bag
                .sample_rest(samples as usize, seed as u64)
                .iter()
                .map(|order| order.iter().map(|p| p.to_raw()).collect())
                .collect())
        })
    }

    /// Empties the bag and forgets this round's players and history. The random stream and the
    /// token numbering carry on; token objects you hold keep their fields.
    #[func]
    pub fn clear(&mut self) -> Result<(), Refusal> {
        self.run("CommandTokenBag.clear", || Ok(BagCommand::Clear))?;
        self.objects.release_all(self.bag.next_token());
        Ok(())
    }

    /// Restarts the random stream from [param seed]; the tokens stay where they are. Any 64-bit
    /// value is a valid seed (negative values stand for the same 64 bits unsigned).
    #[func]
    pub fn set_seed(&mut self, seed: i64) -> Result<(), Refusal> {
        self.run("CommandTokenBag.set_seed", || {
            Ok(BagCommand::Reseed { seed: seed as u64 })
        })?;
        Ok(())
    }

    /// The seed the random stream started from, as set by [method set_seed] or from the OS. 0 for
    /// a [method GameRules.get_bag] copy: a game's round bag is shuffled by the round's secret key
    /// (revealed in the [code]round_revealed[/code] event after the round), not by a seed.
    #[func]
    pub fn get_seed(&self) -> i64 {
        self.bag.seed() as i64
    }

    /// The whole bag, random stream position included, as a JSON string (for a
    /// [method GameRules.get_bag] copy, the copy: its tokens left in a fixed order, not the
    /// round's).
    #[func]
    pub fn to_json(&self) -> GString {
        GString::from(&self.bag.to_json())
    }

    /// Replaces this bag with one saved by [method to_json]; it then draws exactly as the saved
    /// bag would have. Malformed or foreign JSON, and a save whose parts do not agree (tokens,
    /// counts and ids out of step), is refused with an error code
    /// ([constant ERR_PARSE_ERROR], [constant ERR_FILE_UNRECOGNIZED] or
    /// [constant ERR_INVALID_DATA]) and the bag is left as it was. Signals not yet emitted (a
    /// handler loading in the middle of them) are dropped: they told of the bag replaced.
    #[func]
    pub fn load_json(&mut self, json: GString) -> Result<(), Refusal> {
        self.change("CommandTokenBag.load_json", |bag| {
            *bag = Bag::from_json(&json.to_string()).map_err(RulesError::from)?;
            Ok(())
        })?;
        // The loaded bag's tokens may reuse ids of tokens handed out before.
        self.objects.release_all(lowest_token(&self.bag));
        // Signals still waiting tell of the bag that was replaced.
        self.outbox.clear();
        Ok(())
    }

    /// Why the newest refused change to this bag was refused: [code]code[/code],
    /// [code]method[/code], [code]kind[/code] (a stable name: [code]"bag_empty"[/code],
    /// [code]"read_only"[/code], [code]"too_many_tokens"[/code], ...), [code]reason[/code] and
    /// [code]misuse[/code] (whether it was also an error in the log), as
    /// [method GameRules.get_last_refusal] gives them. Empty before any refusal.
    #[func]
    pub fn get_last_refusal(&self) -> VarDictionary {
        self.last_refusal.to_dictionary()
    }
}

/// The most tokens [`CommandTokenBag::sample_rest_of_round`] hands out in one call (samples
/// times tokens left): about 8 MB of answer.
const MAX_SAMPLED_TOKENS: u64 = 1_000_000;

/// The lowest id of `bag`'s tokens, drawn or not; the id its next token will get if it has none.
/// No token added later has a lower one.
fn lowest_token(bag: &Bag) -> TokenId {
    let remaining = bag.peek(bag.remaining() as usize);
    bag.drawn_history()
        .iter()
        .chain(&remaining)
        .map(|token| token.id)
        .min()
        .unwrap_or(bag.next_token())
}

/// One value per player in a bag (never more than [`MAX_PLAYERS`]) as a packed array, built
/// from a buffer on the stack: the queries a display makes after every draw allocate nothing of
/// their own. (Collecting straight into the packed array measured slower: it asks the engine for
/// the array's length and slice as well.)
fn per_player<T: PackedElement + Copy + Default>(
    values: impl Iterator<Item = T>,
) -> PackedArray<T> {
    let mut buffer = [T::default(); MAX_PLAYERS];
    let mut len = 0;
    for (slot, value) in buffer.iter_mut().zip(values) {
        *slot = value;
        len += 1;
    }
    PackedArray::from(&buffer[..len])
}
