//! The standalone bag changes through `Bag::apply`, and tells what changed: every draw, every
//! token put in or taken out other than by a draw, and the moment the last token leaves.

use horizons_edge_core::bag::{BagCommand, BagEvent};
use horizons_edge_core::{Bag, BagError, PlayerId};

const ANN: PlayerId = PlayerId(1);
const BOB: PlayerId = PlayerId(2);

fn add(bag: &mut Bag, player: PlayerId, count: u32) -> Vec<BagEvent> {
    bag.apply(BagCommand::AddPlayerTokens { player, count })
        .unwrap()
}

#[test]
fn tokens_put_in_and_taken_out_are_told_with_the_emptying() {
    let mut bag = Bag::new(7);
    assert_eq!(
        add(&mut bag, ANN, 2),
        [BagEvent::TokensChanged {
            player: ANN,
            change: 2
        }]
    );
    add(&mut bag, BOB, 1);
    let removed = bag
        .apply(BagCommand::RemovePlayerTokens { player: BOB })
        .unwrap();
    assert_eq!(
        removed,
        [BagEvent::TokensChanged {
            player: BOB,
            change: -1
        }]
    );
    let nothing_left = bag
        .apply(BagCommand::RemovePlayerTokens { player: BOB })
        .unwrap();
    assert_eq!(nothing_left, [], "nothing to take out, nothing told");
    let last = bag
        .apply(BagCommand::RemovePlayerTokens { player: ANN })
        .unwrap();
    assert_eq!(
        last,
        [
            BagEvent::TokensChanged {
                player: ANN,
                change: -2
            },
            BagEvent::Emptied
        ]
    );
}

#[test]
fn every_draw_is_told_and_the_last_empties_the_bag() {
    let mut bag = Bag::new(7);
    add(&mut bag, ANN, 1);
    add(&mut bag, BOB, 1);
    bag.apply(BagCommand::Shuffle).unwrap();
    let mut told = Vec::new();
    while !bag.is_empty() {
        told.extend(bag.apply(BagCommand::Draw).unwrap());
    }
    let drawn = bag.drawn_history().to_vec();
    assert_eq!(
        told,
        [
            BagEvent::TokenDrawn {
                token: drawn[0],
                remaining: 1
            },
            BagEvent::TokenDrawn {
                token: drawn[1],
                remaining: 0
            },
            BagEvent::Emptied
        ]
    );
    let before = bag.to_json();
    assert_eq!(bag.apply(BagCommand::Draw), Err(BagError::Empty));
    assert_eq!(bag.to_json(), before, "a refused draw changes nothing");
}

#[test]
fn clearing_and_reseeding_tell_nothing_but_change_the_bag() {
    let mut bag = Bag::new(7);
    add(&mut bag, ANN, 3);
    assert_eq!(bag.apply(BagCommand::Reseed { seed: 9 }).unwrap(), []);
    assert_eq!(bag.seed(), 9);
    assert_eq!(bag.apply(BagCommand::Clear).unwrap(), []);
    assert!(bag.is_empty() && bag.tallies().is_empty());
}
