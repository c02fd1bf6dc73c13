//! # Horizon's Edge — Godot binding
//!
//! Thin Godot classes over the pure rules core (`horizons_edge_core`): each translates calls from
//! GDScript into core operations and core results into return values and signals.
//!
//! - [`card_catalog::CardCatalog`], [`card_definition::CardDefinition`],
//!   [`structure_definition::StructureDefinition`] — the card catalog as Resources.
//! - [`command_token_bag::CommandTokenBag`] — the shared bag of command tokens.
//! - [`command_token::CommandToken`] — one token, read-only.
//! - [`token_objects`] — one `CommandToken` object per token, and spare objects reused instead of
//!   new ones per draw.
//! - [`game_rules::GameRules`] — the whole round loop: setup, mulligan, draws, actions,
//!   reactions, elimination, save/load; signals for everything that happens.
//! - [`fairness_auditor::FairnessAuditor`] — a client's check of every round's draws against
//!   the secret committed to before the round.
//! - [`script_hooks`] — the game's validator and reaction `Callable`s, as core hooks.
//! - [`convert`] — Dictionaries and Arrays to and from the core's JSON values.
//! - [`connections`] — whether a signal has handlers, asked of the engine cheaply.
//! - [`outbox`] — signals queued while a call emits, so handlers calling back never nest.
//! - [`listeners`] — which of `GameRules`' signals and hooks GDScript uses, remembered between
//!   engine calls.
//! - [`turn_system::TurnSystem`] — who acts next: charge initiative for units, seat order for
//!   players.
//! - [`refusal`] — how a core error reaches GDScript: a checkable return value and the reason
//!   through the API, and an error in Godot's log only for misuse (a refusal of play logs
//!   nothing).
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use godot::prelude::*;

pub mod card_catalog;
pub mod card_definition;
pub mod command_token;
pub mod command_token_bag;
pub mod connections;
pub mod convert;
#[cfg(test)]
mod docs_tests;
pub mod fairness_auditor;
pub mod game_rules;
pub mod listeners;
pub mod outbox;
pub mod refusal;
pub mod script_hooks;
pub mod structure_definition;
pub mod token_objects;
pub mod turn_system;

/// The GDExtension entry point (`gdext_rust_init`).
struct HorizonsEdge;

#[gdextension]
unsafe impl ExtensionLibrary for HorizonsEdge {
    fn on_stage_init(stage: InitStage) {
        if stage == InitStage::Scene {
            token_objects::open_spares();
        }
    }

    fn on_stage_deinit(stage: InitStage) {
        if stage == InitStage::Scene {
            token_objects::close_spares();
        }
    }
}
