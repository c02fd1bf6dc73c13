use super::*;
use crate::error::{InputError, SaveError};

fn p(id: u32) -> PlayerId {
    PlayerId(id)
}

/// A bag with `players` players of `tokens` tokens each, seeded with 42, not yet shuffled.
fn filled(players: u32, tokens: u32) -> Bag {
    let mut bag = Bag::new(42);
    for player in 0..players {
        bag.add_player_tokens(p(player), tokens).unwrap();
    }
    bag
}

/// Asserts that `operation` fails and leaves the bag byte-identical.
fn assert_refused_unchanged(
    bag: &mut Bag,
    operation: impl FnOnce(&mut Bag) -> Result<(), BagError>,
) -> BagError {
    let before = bag.to_json();
    let error = operation(bag).expect_err("operation should be refused");
    assert_eq!(bag.to_json(), before, "a refused operation changed the bag");
    error
}

#[test]
fn added_tokens_are_counted_per_player_and_in_total() {
    let mut bag = Bag::new(1);
    bag.add_player_tokens(p(0), 4).unwrap();
    bag.add_player_tokens(p(3), 6).unwrap();
    bag.add_player_tokens(p(0), 1).unwrap();
    assert_eq!(bag.remaining(), 11);
    assert_eq!(bag.player_remaining(p(0)), Ok(5));
    assert_eq!(bag.player_remaining(p(3)), Ok(6));
    assert_eq!(bag.tally(p(0)).unwrap().contributed, 5);
    assert_eq!(
        bag.tallies().iter().map(|t| t.player).collect::<Vec<_>>(),
        vec![p(0), p(3)]
    );
}

#[test]
fn token_ids_are_unique_and_owned() {
    let mut bag = filled(4, 6);
    let mut ids = std::collections::HashSet::new();
    while let Ok(draw) = bag.draw() {
        assert!(ids.insert(draw.token.id));
        assert_eq!(draw.token.kind, TokenKind::Command);
        assert!(draw.token.owner.0 < 4);
    }
    assert_eq!(ids.len(), 24);
}

#[test]
fn drawing_everything_gives_each_player_exactly_their_tokens() {
    let mut bag = filled(8, 6);
    let mut per_player = [0u32; 8];
    let mut expected_remaining = 48;
    while !bag.is_empty() {
        let draw = bag.draw().unwrap();
        expected_remaining -= 1;
        assert_eq!(draw.remaining, expected_remaining);
        per_player[draw.token.owner.0 as usize] += 1;
    }
    assert_eq!(per_player, [6; 8]);
    assert_eq!(bag.drawn_history().len(), 48);
    assert!(
        bag.tallies()
            .iter()
            .all(|t| t.remaining == 0 && t.drawn() == 6)
    );
}

#[test]
fn per_player_remaining_tracks_every_draw() {
    let mut bag = filled(3, 4);
    for _ in 0..7 {
        let owner = bag.draw().unwrap().token.owner;
        let drawn_by_owner = bag
            .drawn_history()
            .iter()
            .filter(|t| t.owner == owner)
            .count() as u32;
        assert_eq!(bag.player_remaining(owner), Ok(4 - drawn_by_owner));
    }
    let total: u32 = (0..3).map(|i| bag.player_remaining(p(i)).unwrap()).sum();
    assert_eq!(total, bag.remaining());
}

#[test]
fn drawing_from_an_empty_bag_is_refused() {
    let mut bag = filled(1, 1);
    bag.draw().unwrap();
    let error = assert_refused_unchanged(&mut bag, |b| b.draw().map(|_| ()));
    assert_eq!(error, BagError::Empty);
    assert_eq!(error.to_string(), "the bag is empty: no token to draw");
    assert_eq!(Bag::new(0).draw(), Err(BagError::Empty));
}

/// Found by the GDScript fuzzer: a bag whose tokens were all removed before its first shuffle
/// still owed that shuffle, and a refused draw carried it out.
#[test]
fn a_refused_draw_does_not_shuffle_first() {
    let mut bag = Bag::new(2);
    bag.add_player_tokens(p(0), 1).unwrap();
    bag.remove_player_tokens(p(0)).unwrap();
    assert_refused_unchanged(&mut bag, |b| b.draw().map(|_| ()));
    let mut bag = Bag::new(3);
    bag.add_player_tokens(p(0), 2).unwrap();
    bag.add_player_tokens(p(1), 2).unwrap();
    bag.remove_player_tokens(p(1)).unwrap();
    let error = assert_refused_unchanged(&mut bag, |b| b.draw_for(p(1)).map(|_| ()));
    assert_eq!(error, BagError::NoTokensLeft { player: p(1) });
    assert_refused_unchanged(&mut bag, |b| b.draw_for(p(7)).map(|_| ()));
}

#[test]
fn zero_tokens_are_refused() {
    let mut bag = filled(2, 4);
    let error = assert_refused_unchanged(&mut bag, |b| b.add_player_tokens(p(5), 0));
    assert_eq!(
        error,
        BagError::Input(InputError::CountOutOfRange {
            what: "token count",
            raw: 0,
            min: 1,
            max: 64
        })
    );
}

#[test]
fn a_ninth_player_is_refused_but_existing_players_may_add_more() {
    let mut bag = filled(8, 4);
    let error = assert_refused_unchanged(&mut bag, |b| b.add_player_tokens(p(8), 4));
    assert_eq!(
        error,
        BagError::TooManyPlayers {
            player: p(8),
            limit: 8
        }
    );
    assert!(error.to_string().contains("player 8 cannot join"));
    bag.add_player_tokens(p(7), 2).unwrap();
    assert_eq!(bag.player_remaining(p(7)), Ok(6));
}

#[test]
fn more_than_the_per_player_limit_is_refused() {
    let mut bag = filled(1, 60);
    let error = assert_refused_unchanged(&mut bag, |b| b.add_player_tokens(p(0), 5));
    assert_eq!(
        error,
        BagError::TooManyTokens {
            player: p(0),
            total: 65,
            limit: MAX_TOKENS_PER_PLAYER
        }
    );
    let error = assert_refused_unchanged(&mut bag, |b| b.add_player_tokens(p(1), u32::MAX));
    assert!(matches!(
        error,
        BagError::Input(InputError::CountOutOfRange { .. })
    ));
}

/// The limit counts what a player put in this round, removed tokens too: the refusal said the bag
/// "would have" 68 of theirs when it would have held 64.
#[test]
fn the_per_round_limit_counts_removed_tokens_and_says_so() {
    let mut bag = filled(1, 4);
    bag.remove_player_tokens(p(0)).unwrap();
    bag.add_player_tokens(p(0), 4).unwrap();
    let error = assert_refused_unchanged(&mut bag, |b| b.add_player_tokens(p(0), 60));
    assert_eq!(
        error.to_string(),
        "player 0 would have put 68 tokens into the bag this round (removed ones count); the \
         limit is 64 a round"
    );
}

#[test]
fn unknown_players_are_refused_everywhere() {
    let mut bag = filled(2, 4);
    assert_eq!(
        bag.player_remaining(p(9)),
        Err(BagError::UnknownPlayer { player: p(9) })
    );
    assert!(bag.tally(p(9)).is_err());
    let error = assert_refused_unchanged(&mut bag, |b| b.remove_player_tokens(p(9)).map(|_| ()));
    assert_eq!(error.to_string(), "player 9 has no tokens in this bag");
}

#[test]
fn removing_a_player_takes_only_their_remaining_tokens() {
    let mut bag = filled(4, 4);
    let mut drawn_of_2 = 0;
    for _ in 0..6 {
        if bag.draw().unwrap().token.owner == p(2) {
            drawn_of_2 += 1;
        }
    }
    let removed = bag.remove_player_tokens(p(2)).unwrap();
    assert_eq!(removed, 4 - drawn_of_2);
    assert_eq!(bag.player_remaining(p(2)), Ok(0));
    assert_eq!(bag.remaining(), 16 - 6 - removed);
    assert_eq!(bag.tally(p(2)).unwrap().removed, removed);
    assert!(bag.peek(usize::MAX).iter().all(|t| t.owner != p(2)));
    while let Ok(draw) = bag.draw() {
        assert_ne!(draw.token.owner, p(2));
    }
    assert_eq!(bag.remove_player_tokens(p(2)), Ok(0));
}

#[test]
fn clear_forgets_the_round_but_not_the_numbering() {
    let mut bag = filled(2, 2);
    bag.draw().unwrap();
    bag.clear();
    assert!(bag.is_empty());
    assert!(bag.tallies().is_empty());
    assert!(bag.drawn_history().is_empty());
    bag.add_player_tokens(p(0), 1).unwrap();
    assert_eq!(bag.draw().unwrap().token.id, TokenId(4));
}

#[test]
fn peek_shows_exactly_the_next_draws_without_drawing() {
    let mut bag = filled(4, 4);
    let unshuffled_peek = bag.peek(5);
    let before = bag.to_json();
    assert_eq!(bag.peek(5), unshuffled_peek, "peek must be repeatable");
    assert_eq!(bag.to_json(), before, "peek must not change the bag");
    let drawn: Vec<Token> = (0..5).map(|_| bag.draw().unwrap().token).collect();
    assert_eq!(unshuffled_peek, drawn);

    let all = bag.peek(100);
    assert_eq!(all.len(), 11);
    let rest: Vec<Token> = (0..11).map(|_| bag.draw().unwrap().token).collect();
    assert_eq!(all, rest);
    assert!(bag.peek(3).is_empty());
}

#[test]
fn tokens_added_after_a_shuffle_are_shuffled_in_before_the_next_draw() {
    // Without the automatic shuffle, the four late tokens of player 1 would come out first.
    let mut first_draws_of_late_player = 0;
    for seed in 0..200 {
        let mut bag = Bag::new(seed);
        bag.add_player_tokens(p(0), 12).unwrap();
        bag.shuffle();
        bag.add_player_tokens(p(1), 4).unwrap();
        if bag.draw().unwrap().token.owner == p(1) {
            first_draws_of_late_player += 1;
        }
    }
    // Expected 200 * 4/16 = 50; a missing shuffle gives 200.
    assert!(
        (25..=75).contains(&first_draws_of_late_player),
        "{first_draws_of_late_player}"
    );
}

#[test]
fn next_draw_chances_are_exact_shares_of_the_bag() {
    let mut bag = Bag::new(3);
    bag.add_player_tokens(p(0), 6).unwrap();
    bag.add_player_tokens(p(1), 4).unwrap();
    bag.add_player_tokens(p(2), 2).unwrap();
    let chances: Vec<_> = bag.next_draw_chances().collect();
    assert_eq!(
        chances,
        vec![
            (
                p(0),
                Chance {
                    favourable: 6,
                    total: 12
                }
            ),
            (
                p(1),
                Chance {
                    favourable: 4,
                    total: 12
                }
            ),
            (
                p(2),
                Chance {
                    favourable: 2,
                    total: 12
                }
            ),
        ]
    );
    assert_eq!(chances[0].1.to_f64(), 0.5);
    while !bag.is_empty() {
        bag.draw().unwrap();
        let sum: f64 = bag.next_draw_chances().map(|(_, c)| c.to_f64()).sum();
        assert!(bag.is_empty() || (sum - 1.0).abs() < 1e-12);
    }
    assert!(bag.next_draw_chances().all(|(_, c)| c.to_f64() == 0.0));
}

#[test]
fn reseeding_restarts_the_draw_sequence() {
    let run = |bag: &mut Bag| -> Vec<PlayerId> {
        bag.clear();
        for player in 0..4 {
            bag.add_player_tokens(p(player), 4).unwrap();
        }
        (0..16).map(|_| bag.draw().unwrap().token.owner).collect()
    };
    let mut bag = Bag::new(5);
    let first = run(&mut bag);
    bag.reseed(5);
    assert_eq!(run(&mut bag), first);
    assert_eq!(bag.seed(), 5);
}

#[test]
fn os_seeded_bags_differ() {
    assert_ne!(Bag::with_os_seed().seed(), Bag::with_os_seed().seed());
}

#[test]
fn json_round_trip_mid_round_continues_identically() {
    let mut original = filled(5, 6);
    for _ in 0..11 {
        original.draw().unwrap();
    }
    original.remove_player_tokens(p(4)).unwrap();
    let mut restored = Bag::from_json(&original.to_json()).unwrap();
    assert_eq!(restored, original);
    original.add_player_tokens(p(6), 3).unwrap();
    restored.add_player_tokens(p(6), 3).unwrap();
    while !original.is_empty() {
        assert_eq!(restored.draw(), original.draw());
    }
    assert_eq!(restored.to_json(), original.to_json());
}

fn tampered(mutate: impl FnOnce(&mut serde_json::Value)) -> Result<Bag, SaveError> {
    let mut bag = filled(3, 4);
    bag.draw().unwrap();
    bag.draw().unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&bag.to_json()).unwrap();
    mutate(&mut value);
    Bag::from_json(&value.to_string())
}

#[test]
fn tampered_saves_are_rejected_with_the_reason() {
    use serde_json::json;
    type Mutation = Box<dyn FnOnce(&mut serde_json::Value)>;
    let cases: Vec<(&str, Mutation, &str)> = vec![
        (
            "extra token",
            Box::new(|v| {
                v["tokens"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!({"id": 99, "owner": 0, "kind": "command"}))
            }),
            "numbered at or beyond",
        ),
        (
            "duplicate token",
            Box::new(|v| {
                let t = v["tokens"][0].clone();
                v["tokens"].as_array_mut().unwrap().push(t)
            }),
            "appears twice",
        ),
        (
            "stray owner",
            Box::new(|v| v["tokens"][0]["owner"] = json!(7)),
            "contributed",
        ),
        (
            "count mismatch",
            Box::new(|v| v["players"][0]["contributed"] = json!(5)),
            "player 0 contributed 5",
        ),
        (
            "duplicate player",
            Box::new(|v| {
                let t = v["players"][0].clone();
                v["players"].as_array_mut().unwrap().push(t)
            }),
            "listed twice",
        ),
        (
            "unknown kind",
            Box::new(|v| v["tokens"][0]["kind"] = json!("joker")),
            "expected shape",
        ),
        (
            "negative seed",
            Box::new(|v| v["seed"] = json!(-1)),
            "expected shape",
        ),
        (
            "unknown field",
            Box::new(|v| v["cheat"] = json!(true)),
            "expected shape",
        ),
        (
            "other format",
            Box::new(|v| v["format"] = json!("savegame")),
            "\"savegame\" file",
        ),
        (
            "future version",
            Box::new(|v| v["version"] = json!(2)),
            "version 2 is not supported",
        ),
    ];
    for (name, mutate, message) in cases {
        let error = tampered(mutate).expect_err(name);
        assert!(error.to_string().contains(message), "{name}: {error}");
    }
}

#[test]
fn a_token_of_an_unlisted_player_is_rejected() {
    let error = tampered(|v| {
        let players = v["players"].as_array_mut().unwrap();
        let removed = players.remove(2);
        assert_eq!(removed["player"], 2);
    })
    .unwrap_err();
    assert!(error.to_string().contains("who is not listed"), "{error}");
}

#[test]
fn garbage_and_truncated_saves_are_rejected() {
    let json = filled(2, 2).to_json();
    for bad in ["", "null", "[]", "{", "not json", &json[..json.len() / 2]] {
        assert!(
            matches!(Bag::from_json(bad), Err(SaveError::Malformed(_))),
            "{bad:?}"
        );
    }
}

#[test]
fn draw_for_takes_that_players_next_token_and_refuses_otherwise() {
    let mut bag = filled(3, 2);
    bag.shuffle();
    let expected = bag
        .peek(6)
        .into_iter()
        .find(|token| token.owner == p(2))
        .unwrap();
    let draw = bag.draw_for(p(2)).unwrap();
    assert_eq!(draw.token, expected);
    assert_eq!(draw.remaining, 5);
    assert_eq!(bag.tally(p(2)).unwrap().remaining, 1);
    bag.draw_for(p(2)).unwrap();
    let error = assert_refused_unchanged(&mut bag, |bag| bag.draw_for(p(2)).map(drop));
    assert_eq!(error, BagError::NoTokensLeft { player: p(2) });
    let error = assert_refused_unchanged(&mut bag, |bag| bag.draw_for(p(7)).map(drop));
    assert_eq!(error, BagError::UnknownPlayer { player: p(7) });
}

#[test]
fn begin_round_is_a_fresh_round_bag_numbering_on() {
    let key = crate::fairness::Bytes32([9; 32]);
    let mut bag = filled(3, 4);
    bag.draw().unwrap();
    bag.draw().unwrap();
    let fresh = Bag::for_round(key, bag.next_token());
    bag.begin_round(key);
    assert_eq!(bag, fresh);
    assert_eq!(
        bag.next_token(),
        TokenId(12),
        "ids go on from the last round's"
    );
}

/// The owners and kinds of `bag`'s next draws, all of them.
fn draws_to_come(bag: &Bag) -> Vec<(PlayerId, TokenKind)> {
    let tokens = bag.peek(bag.remaining() as usize);
    tokens.iter().map(|t| (t.owner, t.kind)).collect()
}

#[test]
fn a_redrawn_order_depends_only_on_the_tokens_left_the_seed_and_the_known_owners() {
    // Two bags with the same tokens left, in different orders.
    let mut first = filled(4, 3);
    first.shuffle();
    let mut second = filled(4, 3);
    second.reseed(7);
    second.shuffle();
    let known = [p(2), p(2), p(0)];
    first.redraw_order(99, &known);
    second.redraw_order(99, &known);
    assert_eq!(
        draws_to_come(&first),
        draws_to_come(&second),
        "the same order from the same seed"
    );
    let owners: Vec<_> = first.peek(3).iter().map(|t| t.owner).collect();
    assert_eq!(owners, known, "the known owners are drawn first");
    let mut other_seed = filled(4, 3);
    other_seed.shuffle();
    other_seed.redraw_order(100, &known);
    assert_ne!(
        draws_to_come(&first),
        draws_to_come(&other_seed),
        "another seed, another order"
    );
    assert_eq!(first.remaining(), 12);
    assert_eq!(first.player_remaining(p(2)).unwrap(), 3);
    // Tokens added since the last shuffle (a reserve, an effect): the known owners still come
    // first.
    let mut unshuffled = filled(4, 3);
    unshuffled.redraw_order(5, &known);
    let owners: Vec<_> = unshuffled.peek(3).iter().map(|t| t.owner).collect();
    assert_eq!(owners, known, "known owners of a bag not shuffled yet");
}

/// Which of a player's tokens an effect removed depends on the bag's secret order: the guess
/// does not. Bags that agree on everything public (each player's tokens put in, drawn and
/// removed) but were shuffled apart redraw alike, a double-action token of a player who lost
/// tokens counting as an ordinary one.
#[test]
fn a_redrawn_order_does_not_tell_which_tokens_a_removal_took() {
    let redrawn = |seed: u64| {
        let mut bag = Bag::new(seed);
        bag.add_player_tokens(p(0), 4).unwrap();
        bag.add_player_tokens(p(1), 3).unwrap();
        bag.add_special_token(p(0), TokenKind::DoubleAction)
            .unwrap();
        bag.shuffle();
        bag.remove_tokens(p(0), 2).unwrap();
        bag.redraw_order(99, &[]);
        draws_to_come(&bag)
    };
    let first = redrawn(1);
    for seed in 2..40 {
        assert_eq!(redrawn(seed), first, "seed {seed}");
    }
    assert!(first.iter().all(|(_, kind)| *kind == TokenKind::Command));
}
