//! The active player's one action: validation in the documented order, execution, and the
//! depth-first resolution of reactions.
//!
//! Validation order: the game is running → the player is the active player → their activation
//! is open → the action is well-formed (its context nests at most [`MAX_CONTEXT_DEPTH`] levels,
//! card in hand, known structure or kind, a tier to upgrade to) → its cost is affordable → the
//! game's validator accepts (it is never asked about a pass, so an activation can always end).
//! Reactions are computed after each
//! action *executes* and resolve directly after it, each reaction's own reactions before its next
//! sibling. Simultaneous reactions go in turn order starting with the active player. A reaction
//! whose target left play before it resolves is skipped ([`Event::ReactionSkipped`]).

use crate::error::{GameError, RulesError};
use crate::game::command::{self, Action, MAX_CONTEXT_DEPTH, depth};
use crate::game::config::{Cost, GameConfig, TriggeredBy};
use crate::game::effect_defs::{ObjectDef, Target};
use crate::game::effects::{self, EffectScope};
use crate::game::event::Event;
use crate::game::objects::ObjectKind;
use crate::game::state::{GameState, Phase};
use crate::game::{Emitter, GameView, Hooks, Reaction, ResolvedAction, flow, layers};
use crate::ids::{ActionId, ObjectId, PlayerId};

/// Checks everything about `player` taking `action` now, without changing anything; returns the
/// price to pay.
pub fn check(
    view: GameView<'_>,
    hooks: &mut dyn Hooks,
    player: PlayerId,
    action: &Action,
) -> Result<Cost, GameError> {
    let (config, state) = (view.config, view.state);
    flow::ensure_running(state)?;
    if state.phase == Phase::Mulligan {
        return Err(GameError::WrongPhase {
            command: "an action",
            expected: "a round",
            actual: "mulligan",
        });
    }
    flow::ensure_living(state, player)?;
    // Whose activation is open, if anyone's: the owner of the last token drawn is active only
    // until they have acted (they are then told they already acted; anyone else, that no token
    // has been drawn).
    let open = match state.phase {
        Phase::Activation { player } => Some(player),
        _ => None,
    };
    if open != Some(player) {
        if open.is_none() && state.active == Some(player) {
            return Err(GameError::NoOpenActivation { player });
        }
        return Err(GameError::NotActivePlayer {
            player,
            active: open,
        });
    }
    check_context("the action's context", action.context())?;
    if let Action::CreateToken { name, .. } = action {
        command::check_name(name)?;
    }
    let cost = price(config, state, player, action)?;
    let purse = state
        .player(player)
        .ok_or(GameError::UnknownPlayer { player })?;
    if purse.energy < cost.energy || purse.resources < cost.resources {
        return Err(GameError::CannotAfford {
            player,
            action: action.kind().to_owned(),
            energy_cost: cost.energy,
            resources_cost: cost.resources,
            energy: purse.energy,
            resources: purse.resources,
        });
    }
    // A pass is never judged: whatever the game's validator says, an activation can end.
    if *action != Action::Pass {
        hooks
            .validate(view, player, action)
            .map_err(|reason| GameError::RejectedByGame { reason })?;
    }
    Ok(cost)
}

/// Validates and performs the active player's action with its reactions, then ends the
/// activation.
pub fn act(
    config: &GameConfig,
    state: &mut GameState,
    hooks: &mut dyn Hooks,
    player: PlayerId,
    action: &Action,
    out: &mut Emitter,
) -> Result<(), RulesError> {
    let cost = check(GameView { config, state }, hooks, player, action)?;
    if let Some(payer) = state.player_mut(player)
        && cost != Cost::default()
    {
        payer.energy -= cost.energy;
        payer.resources -= cost.resources;
        out.push(Event::PurseChanged {
            player,
            energy: payer.energy,
            resources: payer.resources,
        });
    }
    resolve(config, state, hooks, player, action.clone(), out)?;
    // A double-action token's first action leaves the activation open, unless it was a pass
    // (which gives up the whole activation), ended the game, or a reaction ended the activation.
    let still_active = state.phase == (Phase::Activation { player });
    if state.extra_actions > 0
        && *action != Action::Pass
        && still_active
        && !flow::has_winner(config, state)
    {
        state.extra_actions -= 1;
        out.push(Event::ExtraAction { player });
        return Ok(());
    }
    flow::end_activation(config, state, player, out)
}

/// Refuses game data nested deeper than [`MAX_CONTEXT_DEPTH`].
fn check_context(what: &'static str, context: &serde_json::Value) -> Result<(), GameError> {
    match depth(context) > MAX_CONTEXT_DEPTH {
        true => Err(GameError::TooDeep {
            what,
            limit: MAX_CONTEXT_DEPTH,
        }),
        false => Ok(()),
    }
}

/// The price of `action` for `player`, after checking it is well-formed.
fn price(
    config: &GameConfig,
    state: &GameState,
    player: PlayerId,
    action: &Action,
) -> Result<Cost, GameError> {
    let owner = state
        .player(player)
        .ok_or(GameError::UnknownPlayer { player })?;
    Ok(match action {
        Action::PlayCard { hand_index, .. } => {
            let card =
                owner
                    .hand
                    .get(*hand_index as usize)
                    .ok_or(GameError::HandIndexOutOfRange {
                        player,
                        index: *hand_index,
                        hand_size: owner.hand.len(),
                    })?;
            let def = config
                .cards
                .get(card)
                .ok_or(GameError::UnknownCard { card: *card })?;
            Cost {
                energy: def.energy,
                resources: 0,
            }
        }
        Action::Build { structure, .. } => {
            config
                .structures
                .get(structure)
                .ok_or_else(|| GameError::UnknownStructure {
                    name: structure.clone(),
                })?
                .cost
        }
        Action::UpgradeCommand => {
            config
                .upgrade_for(owner.command_tier, owner.faction.as_deref())
                .ok_or(GameError::CommandAtMaximum {
                    player,
                    tokens: config.tokens_at(owner.command_tier),
                })?
                .cost
        }
        Action::Pass | Action::CreateToken { .. } => Cost::default(),
        Action::Custom { kind, .. } => {
            config
                .action_kinds
                .get(kind)
                .ok_or_else(|| GameError::UnknownActionKind { kind: kind.clone() })?
                .cost
        }
    })
}

/// One action waiting on the resolution stack.
struct Pending {
    player: PlayerId,
    action: Action,
    cause: Option<ActionId>,
    depth: u32,
    /// For a reaction, what chose it (see [`Triggered`]), for an error about a runaway chain.
    source: Option<String>,
}

/// A reaction an action triggered, with what chose it: `reaction rule "<name>"` or
/// `the reaction_provider`.
struct Triggered {
    reaction: Reaction,
    source: String,
}

/// Resolves `action` and, depth-first, everything it triggers. A pass is never refused by
/// what it triggers: when its reactions are refused, they are taken back and the pass stands
/// without them ([`Event::ReactionsDropped`]), so that an activation can always end.
fn resolve(
    config: &GameConfig,
    state: &mut GameState,
    hooks: &mut dyn Hooks,
    player: PlayerId,
    action: Action,
    out: &mut Emitter,
) -> Result<(), RulesError> {
    let first = Pending {
        player,
        action,
        cause: None,
        depth: 0,
        source: None,
    };
    if first.action != Action::Pass {
        return resolve_chain(config, state, hooks, Some(first), Vec::new(), out);
    }
    let (id, reactions) = match resolve_one(config, state, hooks, first, out) {
        Ok(Some(step)) => step,
        Ok(None) => {
            out.cause = None;
            return Ok(());
        }
        Err(error) => return drop_reactions(player, &error, out),
    };
    // Only a pass that triggers something pays for a copy to fall back on.
    let (before, mark) = (state.clone(), out.mark());
    let mut stack = Vec::with_capacity(reactions.len());
    push_reactions(&mut stack, reactions, id, 1);
    match resolve_chain(config, state, hooks, None, stack, out) {
        Ok(()) => Ok(()),
        Err(error) => {
            *state = before;
            out.rewind(mark);
            drop_reactions(player, &error, out)
        }
    }
}

/// Records that `player`'s pass stands without its reactions, refused with `error`.
fn drop_reactions(
    player: PlayerId,
    error: &RulesError,
    out: &mut Emitter,
) -> Result<(), RulesError> {
    out.cause = None;
    out.push(Event::ReactionsDropped {
        player,
        reason: error.to_string(),
    });
    Ok(())
}

/// Resolves `first`, then what waits on `stack` (last to resolve first), each with everything
/// it triggers, depth-first and within the config's limits.
fn resolve_chain(
    config: &GameConfig,
    state: &mut GameState,
    hooks: &mut dyn Hooks,
    mut first: Option<Pending>,
    // Empty (and unallocated) for most actions.
    mut stack: Vec<Pending>,
    out: &mut Emitter,
) -> Result<(), RulesError> {
    let mut reactions_resolved = 0u32;
    while let Some(pending) = first.take().or_else(|| stack.pop()) {
        let source = || pending.source.clone().unwrap_or_default();
        if pending.depth > config.max_reaction_depth {
            return Err(GameError::ReactionTooDeep {
                limit: config.max_reaction_depth,
                chosen_by: source(),
            }
            .into());
        }
        if pending.depth > 0 {
            reactions_resolved += 1;
            if reactions_resolved > config.max_reactions_per_activation {
                return Err(GameError::TooManyReactions {
                    limit: config.max_reactions_per_activation,
                    chosen_by: source(),
                }
                .into());
            }
        }
        if let Some(object) = departed_target(config, state, &pending) {
            out.cause = pending.cause;
            out.push(Event::ReactionSkipped {
                player: pending.player,
                kind: pending.action.kind().to_owned(),
                object,
            });
            continue;
        }
        let depth = pending.depth;
        if let Some((id, reactions)) = resolve_one(config, state, hooks, pending, out)? {
            push_reactions(&mut stack, reactions, id, depth + 1);
        }
        // A player who has reached the victory points wins at once: what waits, and what the
        // winning action triggered (the hooks were asked, as every resolved action has them
        // asked, so replays of any build record the same answers), does not resolve.
        if flow::has_winner(config, state) {
            break;
        }
    }
    out.cause = None;
    Ok(())
}

/// For a reaction whose effects aim at its context's target: that object, if it has left play
/// since the reaction was chosen (when it was in play, see [`triggered`]).
fn departed_target(config: &GameConfig, state: &GameState, pending: &Pending) -> Option<ObjectId> {
    if pending.depth == 0 || !aims_at_context(config, pending.action.kind()) {
        return None;
    }
    effects::context_object(pending.action.context()).filter(|&id| !state.in_play(id))
}

/// Whether action kind `kind`'s effects aim at the action's context's target.
fn aims_at_context(config: &GameConfig, kind: &str) -> bool {
    config.action_kinds.get(kind).is_some_and(|def| {
        def.effects
            .iter()
            .any(|effect| effect.target() == Some(Target::Context))
    })
}

/// Puts `reactions` to action `cause` on `stack` at `depth`, in reverse so that the first
/// resolves first.
fn push_reactions(
    stack: &mut Vec<Pending>,
    reactions: Vec<Triggered>,
    cause: ActionId,
    depth: u32,
) {
    for Triggered { reaction, source } in reactions.into_iter().rev() {
        stack.push(Pending {
            player: reaction.player,
            action: Action::Custom {
                kind: reaction.kind,
                context: reaction.context,
            },
            cause: Some(cause),
            depth,
            source: Some(source),
        });
    }
}

/// Carries out `pending` alone and records it; returns its id and the reactions it triggers
/// (`None` when it triggers none).
fn resolve_one(
    config: &GameConfig,
    state: &mut GameState,
    hooks: &mut dyn Hooks,
    pending: Pending,
    out: &mut Emitter,
) -> Result<Option<(ActionId, Vec<Triggered>)>, RulesError> {
    let id = ActionId(state.counters.action);
    state.counters.action += 1;
    out.cause = Some(id);
    let card = match pending.action {
        Action::PlayCard { hand_index, .. } => state
            .player(pending.player)
            .and_then(|player| player.hand.get(hand_index as usize))
            .copied(),
        _ => None,
    };
    execute(config, state, pending.player, &pending.action, out)?;
    layers::settle(state, out);
    if out.is_recording() {
        out.push(Event::ActionResolved {
            id,
            player: pending.player,
            action: Box::new(pending.action.clone()),
            cause: pending.cause,
            depth: pending.depth,
        });
    }
    let resolved = ResolvedAction {
        id,
        player: pending.player,
        action: pending.action,
        depth: pending.depth,
        card,
        trial: !out.is_recording(),
    };
    let reactions = triggered(GameView { config, state }, hooks, &resolved)?;
    Ok((!reactions.is_empty()).then_some((id, reactions)))
}

/// Carries out one action's own effects (its cost is already paid).
fn execute(
    config: &GameConfig,
    state: &mut GameState,
    player: PlayerId,
    action: &Action,
    out: &mut Emitter,
) -> Result<(), GameError> {
    let mut scope = EffectScope {
        player,
        context: action.context(),
        created: Vec::new(),
    };
    match action {
        Action::PlayCard { hand_index, .. } => {
            let owner = state
                .player_mut(player)
                .ok_or(GameError::UnknownPlayer { player })?;
            let card = owner.hand.remove(*hand_index as usize);
            owner.discard.push(card);
            out.push(Event::CardPlayed { player, card });
            let def = config
                .cards
                .get(&card)
                .ok_or(GameError::UnknownCard { card })?;
            effects::run(state, &mut scope, &def.effects, out)
        }
        Action::Build { structure, .. } => {
            let def =
                config
                    .structures
                    .get(structure)
                    .ok_or_else(|| GameError::UnknownStructure {
                        name: structure.clone(),
                    })?;
            let building = effects::create_object(state, player, &def.building, out)?;
            scope.created.push(building);
            effects::run(state, &mut scope, &def.effects, out)
        }
        Action::UpgradeCommand => {
            let owner = state
                .player_mut(player)
                .ok_or(GameError::UnknownPlayer { player })?;
            owner.command_tier += 1;
            out.push(Event::CommandUpgraded {
                player,
                tier: owner.command_tier,
                tokens: config.tokens_at(owner.command_tier),
            });
            Ok(())
        }
        Action::Pass => Ok(()),
        Action::CreateToken {
            name,
            power,
            toughness,
        } => {
            let def = ObjectDef {
                name: name.clone(),
                kind: ObjectKind::Token,
                power: *power,
                toughness: *toughness,
                cda: None,
            };
            effects::create_object(state, player, &def, out)?;
            Ok(())
        }
        Action::Custom { kind, .. } => {
            let def = config
                .action_kinds
                .get(kind)
                .ok_or_else(|| GameError::UnknownActionKind { kind: kind.clone() })?;
            effects::run(state, &mut scope, &def.effects, out)
        }
    }
}

/// The reactions `resolved` triggers: the config's rules, then the hook's, ordered active player
/// first and then in turn order (a stable sort, so one player's reactions keep their order).
fn triggered(
    view: GameView<'_>,
    hooks: &mut dyn Hooks,
    resolved: &ResolvedAction,
) -> Result<Vec<Triggered>, GameError> {
    let kind = resolved.action.kind();
    let mut reactions: Vec<Triggered> = view
        .config
        .reactions
        .iter()
        .filter(|rule| rule.trigger == kind)
        .filter_map(|rule| {
            let owner = rule.owner.unwrap_or(resolved.player);
            let applies = rule.owner.is_none()
                || match rule.by {
                    TriggeredBy::Anyone => true,
                    TriggeredBy::Owner => owner == resolved.player,
                    TriggeredBy::Opponents => owner != resolved.player,
                };
            applies.then(|| Triggered {
                reaction: Reaction {
                    player: owner,
                    kind: rule.response.clone(),
                    context: serde_json::Value::Null,
                },
                source: format!("reaction rule \"{}\"", rule.name),
            })
        })
        .collect();
    let added = hooks
        .reactions(view, resolved)
        .map_err(|reason| GameError::RejectedByGame { reason })?;
    for reaction in &added {
        check_context("a reaction's context", &reaction.context)?;
        // Aimed at no object in play when chosen: the hook's mistake (one that leaves play
        // before its reaction resolves only skips it, see `resolve_chain`).
        if aims_at_context(view.config, &reaction.kind)
            && let Err(GameError::InvalidTarget { target }) =
                effects::context_target(view.state, &reaction.context)
        {
            return Err(GameError::ReactionWithoutTarget {
                chosen_by: "the reaction_provider".to_owned(),
                target,
            });
        }
        // A seat that was never at the table is the hook's mistake (an eliminated player's
        // reactions are only left out, below).
        if view.state.player(reaction.player).is_none() {
            return Err(GameError::UnknownPlayer {
                player: reaction.player,
            });
        }
    }
    reactions.extend(added.into_iter().map(|reaction| Triggered {
        reaction,
        source: "the reaction_provider".to_owned(),
    }));
    reactions.retain(|r| {
        view.state
            .player(r.reaction.player)
            .is_some_and(|p| !p.eliminated)
    });
    let seats = view.state.players.len();
    let first = view
        .state
        .active
        .and_then(|a| view.state.seat(a))
        .unwrap_or(0);
    reactions.sort_by_key(|r| {
        view.state
            .seat(r.reaction.player)
            .map_or(seats, |s| (s + seats - first) % seats)
    });
    Ok(reactions)
}
