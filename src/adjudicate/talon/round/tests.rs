use super::*;
use crate::parse::scenario::talon::Heading;
use crate::parse::scenario::{self, talon};
use crate::report::FileId;

fn scenario(body: &str) -> Scenario<'static> {
    let text = format!(
        "game = \"talon\"\nkind = \"talon/round\"\ntitle = \"t\"\ninitiative = \"terran\"\n{body}"
    );
    let read = scenario::read(FileId(0), &text, None).expect("reads");
    let cards = crate::cards::talon::TalonCards::builtin();
    talon::load(&read, talon::Kind::Round, cards).expect("loads")
}

const PATTON: &str = "[[ship]]\nid = \"p\"\nclass = \"Terran CA\"\ncurve = \"2-4-2\"\nhex = \"0505\"\nheading = 90\n";

#[test]
fn a_turn_sets_the_turn_radius_marker_and_straight_moves_count_it_down() {
    let sc = scenario(&format!(
        "{PATTON}moves = [\"left\", \"straight\", \"straight\", \"right\"]\n"
    ));
    let round = play(&sc, None, &mut Steps::quiet()).ok().expect("legal");
    assert_eq!(round.turn_marker[0], 2, "turned again in F, radius 2");
    assert_eq!(round.moved_in[0][..], [0, 2, 3, 5], "speed 4: A, C, D, F");
    assert_eq!(round.fleet.at[0].1.map(Heading::degrees), Some(90));
}

#[test]
fn turning_before_the_marker_is_reached_is_refused() {
    let sc = scenario(&format!(
        "{PATTON}moves = [\"left\", \"straight\", \"left\", \"straight\"]\n"
    ));
    assert!(matches!(
        play(&sc, None, &mut Steps::quiet()),
        Err(Stop::Finding(_))
    ));
}

#[test]
fn a_sideslip_needs_a_marker_bought_with_power() {
    let plan = "moves = [\"straight\", \"sideslip-right\", \"straight\", \"straight\"]\n";
    let without = scenario(&format!("{PATTON}{plan}"));
    assert!(play(&without, None, &mut Steps::quiet()).is_err());
    let with = scenario(&format!(
        "{PATTON}{plan}\n[[spend]]\nship = \"p\"\nimpulse = \"C\"\non = \"sideslip\"\n"
    ));
    let round = play(&with, None, &mut Steps::quiet()).ok().expect("legal");
    // A: 0505 → 0605; C: forward-right → 0606; D, F: east → 0806.
    assert_eq!(
        round.fleet.at[0].0.and_then(Hex::label).as_deref(),
        Some("0806")
    );
}

#[test]
fn ships_of_one_race_in_one_hex_collide_and_the_quiet_round_agrees_with_the_trace() {
    let sc = scenario(
        "[[ship]]\nid = \"a\"\nclass = \"Terran DD\"\nhex = \"0505\"\nheading = 90\nmoves = [\"straight\", \"straight\", \"straight\"]\n\n[[ship]]\nid = \"b\"\nclass = \"Terran DD\"\nhex = \"0705\"\nheading = 270\nmoves = [\"straight\", \"straight\", \"straight\"]\n",
    );
    let quiet = play(&sc, None, &mut Steps::quiet()).ok().expect("legal");
    assert_eq!(quiet.fleet.collisions.len(), 1);
    assert_eq!(quiet.fleet.state[0].shields[0], 0);
    let mut steps = Steps::recording(1_000);
    let traced = play(&sc, None, &mut steps).ok().expect("legal");
    // A quiet round keeps no boards per impulse (only a trace prints them); all else agrees.
    assert!(quiet.snapshots.is_empty());
    assert_eq!(traced.snapshots.len(), 6);
    let (mut quiet_outcome, mut traced_outcome) = (quiet.outcome(), traced.outcome());
    for outcome in [&mut quiet_outcome, &mut traced_outcome] {
        if let Some(object) = outcome.as_object_mut() {
            object.remove("impulses");
        }
    }
    assert_eq!(quiet_outcome, traced_outcome);
    assert!(steps.on);
}

#[test]
fn a_replayed_round_answers_as_a_fresh_one() {
    let cards = crate::cards::talon::TalonCards::builtin();
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/talon");
    let mut compared = 0;
    for entry in std::fs::read_dir(folder).expect("examples") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("reads");
        if !text.contains("kind = \"talon/round\"") {
            continue;
        }
        let read = scenario::read(FileId(0), &text, None).expect("an example reads");
        let sc = talon::load(&read, talon::Kind::Round, cards).expect("an example loads");
        for seed in [1, 7] {
            let fresh = play(&sc, Some(seed), &mut Steps::quiet());
            // Played first with another seed, so every list has something to clear.
            let Ok(mut again) = play(&sc, Some(seed + 100), &mut Steps::quiet()) else {
                continue;
            };
            let replayed = again.replay(Some(seed), &mut Steps::quiet());
            match (fresh, replayed) {
                (Ok(fresh), Ok(())) => {
                    assert_eq!(fresh.outcome(), again.outcome(), "{}", path.display());
                    assert_eq!(fresh.final_state(), again.final_state());
                    compared += 1;
                }
                (Err(_), Err(_)) => {}
                _ => panic!("{}: one of the two failed", path.display()),
            }
        }
    }
    assert!(compared >= 20, "{compared} rounds compared");
}
