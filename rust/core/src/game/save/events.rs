//! Reading events, commands and actions back from their rows, `["token_drawn", 3, 57, 12]`:
//! the variant's tag, then its fields in declaration order, as [`super::rows`] writes them. serde
//! could read the rows itself, but an internally tagged enum goes through a buffer of every value
//! first, which made loading a long log three times slower; these read each field straight into
//! its variant.

use std::fmt;

use serde::de::{self, IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::game::command::{Action, Command};
use crate::game::event::Event;

/// The next value of a row of `tag`, which must be there.
fn field<'de, T: Deserialize<'de>, A: SeqAccess<'de>>(
    seq: &mut A,
    tag: &str,
    name: &str,
) -> Result<T, A::Error> {
    seq.next_element()?
        .ok_or_else(|| de::Error::custom(format!("a row of {tag} without its {name}")))
}

/// Defines `$reader`, which reads a `$enum` from its row: each line is a variant's tag, the
/// variant and its fields in declaration order (`field as Reader` for a field read by another
/// reader).
macro_rules! row_reader {
    ($(#[$doc:meta])* $reader:ident, $enum:ident, $what:literal;
     $($name:literal => $variant:ident { $($field:ident $(as $via:ty)?),* },)*) => {
        $(#[$doc])*
        pub(super) struct $reader(pub $enum);

        impl<'de> Deserialize<'de> for $reader {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct RowVisitor;

                impl<'de> Visitor<'de> for RowVisitor {
                    type Value = $reader;

                    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                        write!(formatter, "{} row [type, field, …]", $what)
                    }

                    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<$reader, A::Error> {
                        let tag: &str = seq.next_element()?.ok_or_else(|| {
                            de::Error::custom(concat!("an empty ", $what, " row"))
                        })?;
                        let value = match tag {
                            $($name => $enum::$variant {
                                $($field: row_reader!(@field seq, tag, $field $(, $via)?),)*
                            },)*
                            _ => return Err(de::Error::unknown_variant(tag, &[$($name),*])),
                        };
                        if seq.next_element::<IgnoredAny>()?.is_some() {
                            return Err(de::Error::custom(format!(
                                "a row of {tag} with more values than the {} has fields",
                                $what
                            )));
                        }
                        Ok($reader(value))
                    }
                }

                deserializer.deserialize_seq(RowVisitor)
            }
        }
    };
    (@field $seq:ident, $tag:ident, $field:ident) => {
        field(&mut $seq, $tag, stringify!($field))?
    };
    (@field $seq:ident, $tag:ident, $field:ident, $via:ty) => {
        field::<$via, _>(&mut $seq, $tag, stringify!($field))?.0.into()
    };
}

row_reader! {
    /// An event read from its row.
    EventRow, Event, "event";
    "game_started" => GameStarted { players },
    "opening_hand_drawn" => OpeningHandDrawn { player, cards },
    "mulligan_taken" => MulliganTaken { player, mulligans },
    "hand_kept" => HandKept { player, bottomed },
    "round_started" => RoundStarted { round },
    "energy_generated" => EnergyGenerated { player, energy },
    "resources_gained" => ResourcesGained { player, resources },
    "cards_drawn" => CardsDrawn { player, count },
    "round_committed" => RoundCommitted {
        round, commitment, first_token, order, entropy, max_streak
    },
    "entropy_added" => EntropyAdded { player, nonce },
    "round_revealed" => RoundRevealed { round, key, salt },
    "private_draw" => PrivateDraw { player, cards },
    "private_peek" => PrivatePeek { player, upcoming },
    "tokens_contributed" => TokensContributed { player, tokens },
    "bag_filled" => BagFilled { tokens },
    "token_drawn" => TokenDrawn { player, token, remaining },
    "bag_emptied" => BagEmptied {},
    "turn_changed" => TurnChanged { player },
    "action_resolved" => ActionResolved { id, player, action as ActionRow, cause, depth },
    "card_played" => CardPlayed { player, card },
    "purse_changed" => PurseChanged { player, energy, resources },
    "victory_points_changed" => VictoryPointsChanged { player, victory_points },
    "energy_per_round_changed" => EnergyPerRoundChanged { player, energy_per_round },
    "command_upgraded" => CommandUpgraded { player, tier, tokens },
    "object_created" => ObjectCreated { object, owner, name, kind },
    "object_changed" => ObjectChanged { object, power, toughness },
    "object_destroyed" => ObjectDestroyed { object },
    "effect_added" => EffectAdded { effect, object },
    "effect_expired" => EffectExpired { effect },
    "activation_ended" => ActivationEnded { player },
    "action_undone" => ActionUndone { player },
    "round_ended" => RoundEnded { round },
    "player_eliminated" => PlayerEliminated { player, tokens_removed },
    "double_action_drawn" => DoubleActionDrawn { player },
    "extra_action" => ExtraAction { player },
    "reactions_dropped" => ReactionsDropped { player, reason },
    "reaction_skipped" => ReactionSkipped { player, kind, object },
    "double_action_granted" => DoubleActionGranted { player, this_round },
    "reserve_committed" => ReserveCommitted { player, left },
    "tokens_added" => TokensAdded { player, count },
    "tokens_removed" => TokensRemoved { player, count },
    "player_renamed" => PlayerRenamed { player, name },
    "game_over" => GameOver { winner },
}

row_reader! {
    /// An action read from its row.
    ActionRow, Action, "action";
    "play_card" => PlayCard { hand_index, context },
    "build" => Build { structure, context },
    "upgrade_command" => UpgradeCommand {},
    "pass" => Pass {},
    "create_token" => CreateToken { name, power, toughness },
    "custom" => Custom { kind, context },
}

row_reader! {
    /// A command read from its row.
    CommandRow, Command, "command";
    "start_game" => StartGame {},
    "mulligan" => Mulligan { player },
    "keep" => Keep { player, bottom },
    "draw_token" => DrawToken {},
    "act" => Act { player, action as ActionRow },
    "bot_decide" => BotDecide { player },
    "add_entropy" => AddEntropy { player, nonce },
    "eliminate" => Eliminate { player },
    "commit_reserve" => CommitReserve { player },
    "rename" => Rename { player, name },
    "undo" => Undo {},
    "rekey" => Rekey { key },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fairness::Bytes32;
    use crate::game::activation::ActivationOrder;
    use crate::game::command::Action;
    use crate::game::objects::ObjectKind;
    use crate::game::save::rows::{Columns, Row};
    use crate::ids::{ActionId, CardId, EffectId, ObjectId, PlayerId, TokenId};

    /// One event of every variant, no two fields of one event alike (so that reading fields in
    /// the wrong order shows).
    fn every_variant() -> Vec<Event> {
        let p = PlayerId;
        let bytes = |b| Bytes32([b; 32]);
        vec![
            Event::GameStarted {
                players: vec![p(1), p(2)],
            },
            Event::OpeningHandDrawn {
                player: p(1),
                cards: 7,
            },
            Event::MulliganTaken {
                player: p(1),
                mulligans: 2,
            },
            Event::HandKept {
                player: p(1),
                bottomed: 3,
            },
            Event::RoundStarted { round: 4 },
            Event::EnergyGenerated {
                player: p(1),
                energy: 5,
            },
            Event::ResourcesGained {
                player: p(1),
                resources: 6,
            },
            Event::CardsDrawn {
                player: p(1),
                count: 7,
            },
            Event::RoundCommitted {
                round: 2,
                commitment: bytes(1),
                first_token: TokenId(9),
                order: ActivationOrder::Seats,
                entropy: true,
                max_streak: Some(3),
            },
            Event::RoundCommitted {
                round: 2,
                commitment: bytes(1),
                first_token: TokenId(9),
                order: ActivationOrder::Bag,
                entropy: false,
                max_streak: None,
            },
            Event::EntropyAdded {
                player: p(1),
                nonce: bytes(2),
            },
            Event::RoundRevealed {
                round: 3,
                key: bytes(3),
                salt: bytes(4),
            },
            Event::PrivateDraw {
                player: p(1),
                cards: vec![CardId(2), CardId(3)],
            },
            Event::PrivatePeek {
                player: p(1),
                upcoming: vec![p(2), p(3)],
            },
            Event::TokensContributed {
                player: p(1),
                tokens: 4,
            },
            Event::BagFilled { tokens: 12 },
            Event::TokenDrawn {
                player: p(1),
                token: TokenId(5),
                remaining: 11,
            },
            Event::BagEmptied,
            Event::TurnChanged { player: p(1) },
            Event::ActionResolved {
                id: ActionId(7),
                player: p(1),
                action: Box::new(Action::PlayCard {
                    hand_index: 2,
                    context: serde_json::json!({"target": [1, {"x": 2}]}),
                }),
                cause: Some(ActionId(6)),
                depth: 1,
            },
            Event::ActionResolved {
                id: ActionId(8),
                player: p(2),
                action: Box::new(Action::Pass),
                cause: None,
                depth: 0,
            },
            Event::CardPlayed {
                player: p(1),
                card: CardId(4),
            },
            Event::PurseChanged {
                player: p(1),
                energy: 2,
                resources: 3,
            },
            Event::VictoryPointsChanged {
                player: p(1),
                victory_points: 8,
            },
            Event::EnergyPerRoundChanged {
                player: p(1),
                energy_per_round: 12,
            },
            Event::CommandUpgraded {
                player: p(1),
                tier: 2,
                tokens: 6,
            },
            Event::ObjectCreated {
                object: ObjectId(3),
                owner: p(1),
                name: "Soldier \"2\"".into(),
                kind: ObjectKind::Token,
            },
            Event::ObjectChanged {
                object: ObjectId(3),
                power: -1,
                toughness: 4,
            },
            Event::ObjectDestroyed {
                object: ObjectId(3),
            },
            Event::EffectAdded {
                effect: EffectId(2),
                object: ObjectId(3),
            },
            Event::EffectExpired {
                effect: EffectId(2),
            },
            Event::ActivationEnded { player: p(1) },
            Event::ActionUndone { player: p(1) },
            Event::RoundEnded { round: 4 },
            Event::PlayerEliminated {
                player: p(1),
                tokens_removed: 2,
            },
            Event::DoubleActionDrawn { player: p(1) },
            Event::ExtraAction { player: p(1) },
            Event::ReactionsDropped {
                player: p(1),
                reason: "too deep".into(),
            },
            Event::ReactionSkipped {
                player: p(1),
                kind: "kill".into(),
                object: ObjectId(3),
            },
            Event::DoubleActionGranted {
                player: p(1),
                this_round: true,
            },
            Event::ReserveCommitted {
                player: p(1),
                left: 2,
            },
            Event::TokensAdded {
                player: p(1),
                count: 2,
            },
            Event::TokensRemoved {
                player: p(1),
                count: 3,
            },
            Event::PlayerRenamed {
                player: p(1),
                name: "Ada".into(),
            },
            Event::GameOver { winner: Some(p(2)) },
            Event::GameOver { winner: None },
        ]
    }

    /// Fails to compile when a variant is added: add it to [`every_variant`] (and to the
    /// reader above) too.
    fn is_covered(event: &Event) -> bool {
        match event {
            Event::GameStarted { .. }
            | Event::OpeningHandDrawn { .. }
            | Event::MulliganTaken { .. }
            | Event::HandKept { .. }
            | Event::RoundStarted { .. }
            | Event::EnergyGenerated { .. }
            | Event::ResourcesGained { .. }
            | Event::CardsDrawn { .. }
            | Event::RoundCommitted { .. }
            | Event::EntropyAdded { .. }
            | Event::RoundRevealed { .. }
            | Event::PrivateDraw { .. }
            | Event::PrivatePeek { .. }
            | Event::TokensContributed { .. }
            | Event::BagFilled { .. }
            | Event::TokenDrawn { .. }
            | Event::BagEmptied
            | Event::TurnChanged { .. }
            | Event::ActionResolved { .. }
            | Event::CardPlayed { .. }
            | Event::PurseChanged { .. }
            | Event::VictoryPointsChanged { .. }
            | Event::EnergyPerRoundChanged { .. }
            | Event::CommandUpgraded { .. }
            | Event::ObjectCreated { .. }
            | Event::ObjectChanged { .. }
            | Event::ObjectDestroyed { .. }
            | Event::EffectAdded { .. }
            | Event::EffectExpired { .. }
            | Event::ActivationEnded { .. }
            | Event::ActionUndone { .. }
            | Event::RoundEnded { .. }
            | Event::PlayerEliminated { .. }
            | Event::DoubleActionDrawn { .. }
            | Event::ExtraAction { .. }
            | Event::ReactionsDropped { .. }
            | Event::ReactionSkipped { .. }
            | Event::DoubleActionGranted { .. }
            | Event::ReserveCommitted { .. }
            | Event::TokensAdded { .. }
            | Event::TokensRemoved { .. }
            | Event::PlayerRenamed { .. }
            | Event::GameOver { .. } => true,
        }
    }

    #[test]
    fn every_event_reads_back_from_its_row() {
        let events = every_variant();
        assert!(events.iter().all(is_covered));
        let columns = Columns::default();
        let rows = serde_json::to_string(&Row {
            value: events.as_slice(),
            columns: &columns,
        })
        .unwrap();
        let read: Vec<EventRow> = serde_json::from_str(&rows).unwrap();
        let read: Vec<Event> = read.into_iter().map(|row| row.0).collect();
        assert_eq!(read, events);
        // serde reads the rows the same way: the writer keeps the declaration order.
        assert_eq!(serde_json::from_str::<Vec<Event>>(&rows).unwrap(), events);
        let header = serde_json::to_value(&columns).unwrap();
        assert_eq!(
            header["Event.round_committed"],
            serde_json::json!([
                "type",
                "round",
                "commitment",
                "first_token",
                "order",
                "entropy",
                "max_streak"
            ])
        );
        assert_eq!(header["Action.pass"], serde_json::json!(["type"]));
        assert_eq!(header.as_object().unwrap().len(), 43 + 2);
    }

    /// One command of every variant (and every action, in `act`).
    fn every_command() -> Vec<Command> {
        let p = PlayerId;
        let actions = [
            Action::PlayCard {
                hand_index: 1,
                context: serde_json::json!({"target": 2}),
            },
            Action::Build {
                structure: "generator".into(),
                context: serde_json::json!([3]),
            },
            Action::UpgradeCommand,
            Action::Pass,
            Action::CreateToken {
                name: "Wisp".into(),
                power: 2,
                toughness: 3,
            },
            Action::Custom {
                kind: "scout".into(),
                context: serde_json::Value::Null,
            },
        ];
        let mut commands = vec![
            Command::StartGame,
            Command::Mulligan { player: p(1) },
            Command::Keep {
                player: p(2),
                bottom: vec![3, 4],
            },
            Command::DrawToken,
            Command::BotDecide { player: p(3) },
            Command::AddEntropy {
                player: p(4),
                nonce: Bytes32([5; 32]),
            },
            Command::Eliminate { player: p(5) },
            Command::CommitReserve { player: p(6) },
            Command::Rename {
                player: p(7),
                name: "Ada".into(),
            },
            Command::Undo,
            Command::Rekey {
                key: Bytes32([6; 32]),
            },
        ];
        commands.extend(actions.into_iter().map(|action| Command::Act {
            player: p(8),
            action,
        }));
        commands
    }

    /// Fails to compile when a command or an action is added: add it to [`every_command`] (and
    /// to the readers above) too.
    fn is_covered_command(command: &Command) -> bool {
        match command {
            Command::Act { action, .. } => match action {
                Action::PlayCard { .. }
                | Action::Build { .. }
                | Action::UpgradeCommand
                | Action::Pass
                | Action::CreateToken { .. }
                | Action::Custom { .. } => true,
            },
            Command::StartGame
            | Command::Mulligan { .. }
            | Command::Keep { .. }
            | Command::DrawToken
            | Command::BotDecide { .. }
            | Command::AddEntropy { .. }
            | Command::Eliminate { .. }
            | Command::CommitReserve { .. }
            | Command::Rename { .. }
            | Command::Undo
            | Command::Rekey { .. } => true,
        }
    }

    #[test]
    fn every_command_and_action_reads_back_from_its_row() {
        let commands = every_command();
        assert!(commands.iter().all(is_covered_command));
        let columns = Columns::default();
        let rows = serde_json::to_string(&Row {
            value: commands.as_slice(),
            columns: &columns,
        })
        .unwrap();
        let read: Vec<CommandRow> = serde_json::from_str(&rows).unwrap();
        let read: Vec<Command> = read.into_iter().map(|row| row.0).collect();
        assert_eq!(read, commands);
        assert_eq!(
            serde_json::from_str::<Vec<Command>>(&rows).unwrap(),
            commands
        );
        // 12 commands, 6 actions.
        assert_eq!(
            serde_json::to_value(&columns)
                .unwrap()
                .as_object()
                .unwrap()
                .len(),
            18
        );
    }
}
