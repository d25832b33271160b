//! The queue's rules, one behaviour per test.
use super::QueueDetail;
use crate::adjudicate::Step;
use crate::parse::scenario::{self, xwing};
use crate::report::FileId;

type Steps = Vec<Step<QueueDetail>>;

/// The queue's steps for a whole scenario text.
fn steps_of(text: &str) -> Result<Steps, Vec<crate::report::Finding>> {
    let scenario = scenario::read(FileId(0), text, None)?;
    let checked = xwing::load(&scenario, xwing::Kind::Queue)?;
    super::run(&checked).map(|(steps, _)| steps)
}

const HEAD: &str = "game = \"xwing\"\nkind = \"xwing/queue\"\ntitle = \"t\"\n";

/// Players `a` (first) and `b`, ships `x` (a) and `y` (b) at range 1, then `rest`.
fn run(events: &str, rest: &str) -> Steps {
    let text = format!(
        "{HEAD}event = [{events}]\n\n[[player]]\nid = \"a\"\n\n[[player]]\nid = \"b\"\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\nrange = {{ y = 1 }}\n\n[[ship]]\nid = \"y\"\nowner = \"b\"\n{rest}"
    );
    steps_of(&text).unwrap_or_else(|f| panic!("{f:#?}"))
}

fn ability(id: &str, ship: &str, timing: &str, extra: &str) -> String {
    format!(
        "\n[[ability]]\nid = \"{id}\"\nship = \"{ship}\"\ncard = \"{id}\"\ntiming = \"{timing}\"\n{extra}\n"
    )
}

fn outcomes(steps: &[Step<QueueDetail>]) -> Vec<String> {
    steps.iter().map(|s| s.outcome.clone()).collect()
}

#[test]
fn both_players_abilities_enter_in_player_order() {
    let rest = ability("late", "y", "start engagement", "effect = [\"gain focus\"]")
        + &ability(
            "early",
            "x",
            "start engagement",
            "effect = [\"gain focus\"]",
        );
    let steps = run("\"start engagement\"", &rest);
    assert_eq!(steps[1].detail.queue, vec!["early (x)", "late (y)"]);
    assert!(steps[1].outcome.contains("in player order"));
}

#[test]
fn a_players_own_order_is_used_and_a_missing_one_is_a_choice_point() {
    let rest = ability("one", "x", "start engagement", "effect = [\"gain focus\"]")
        + &ability("two", "x", "start engagement", "effect = [\"gain evade\"]");
    let steps = run("\"start engagement\"", &rest);
    assert_eq!(steps[1].detail.queue, vec!["one (x)", "two (x)"]);
    assert!(steps[1].choice_point);
    let ordered = rest.replacen("[[player]]\nid = \"a\"", "", 0);
    let text = format!(
        "{HEAD}event = [\"start engagement\"]\n\n[[player]]\nid = \"a\"\norder = [\"two\", \"one\"]\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\n{ordered}"
    );
    let steps = steps_of(&text).unwrap();
    assert_eq!(steps[1].detail.queue, vec!["two (x)", "one (x)"]);
    assert!(!steps[1].choice_point);
}

#[test]
fn triggers_during_resolution_go_to_the_front() {
    let rest = ability(
        "first",
        "x",
        "start engagement",
        "effect = [\"perform focus\"]",
    ) + &ability(
        "second",
        "x",
        "start engagement",
        "effect = [\"gain evade\"]",
    ) + &ability(
        "reaction",
        "x",
        "after self perform focus",
        "effect = [\"gain calculate\"]",
    );
    let text = rest.clone();
    let steps = run("\"start engagement\"", &text);
    let enter_front = steps
        .iter()
        .find(|s| s.outcome.starts_with("Enter at the front"))
        .unwrap();
    assert_eq!(enter_front.detail.queue, vec!["reaction (x)", "second (x)"]);
}

#[test]
fn requirements_are_checked_on_entry_and_on_resolution() {
    // `needs-focus` requires a focus token: none at first, so it never enters.
    let rest = ability(
        "needs-focus",
        "x",
        "start engagement",
        "requires = [\"has focus\"]\neffect = [\"gain evade\"]",
    ) + &ability(
        "has-it",
        "y",
        "start engagement",
        "requires = [\"has focus\"]\neffect = [\"gain evade\"]",
    ) + &ability(
        "strip",
        "x",
        "start engagement",
        "effect = [\"choose enemy range 1\", \"chosen remove focus\"]\nchoose = [\"y\"]",
    );
    let text = rest.replace("[[ship]]\nid = \"y\"\nowner = \"b\"\n", "");
    let steps = run(
        "\"start engagement\"",
        &format!("tokens = {{ focus = 1 }}\n{text}"),
    );
    let all = outcomes(&steps).join("\n");
    assert!(all.contains("Not added: x has 0 focus tokens"), "{all}");
    assert!(
        all.contains("Removed without resolving: y has 0 focus tokens"),
        "{all}"
    );
}

#[test]
fn costs_are_paid_on_resolution_all_or_nothing() {
    let rest = ability(
        "spend-a",
        "x",
        "start engagement",
        "cost = [\"spend focus\"]\neffect = [\"gain evade\"]",
    ) + &ability(
        "spend-b",
        "x",
        "start engagement",
        "cost = [\"spend focus\", \"spend charge\"]\ncharges = 1\neffect = [\"gain calculate\"]",
    );
    let text = format!(
        "{HEAD}event = [\"start engagement\"]\n\n[[player]]\nid = \"a\"\norder = [\"spend-a\", \"spend-b\"]\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\ntokens = {{ focus = 1 }}\n{rest}"
    );
    let scenario = scenario::read(FileId(0), &text, None).unwrap();
    let checked = xwing::load(&scenario, xwing::Kind::Queue).unwrap();
    let (steps, final_state) = super::run(&checked).unwrap_or_else(|_| panic!("does not run"));
    let all = outcomes(&steps).join("\n");
    assert!(all.contains("Pays: 1 focus token"), "{all}");
    assert!(all.contains("Cannot pay (x has 0 focus tokens"), "{all}");
    // The charge of spend-b was not paid: all or nothing.
    assert!(
        final_state
            .iter()
            .any(|l| l.contains("spend-b") && l.contains("1 charge left")),
        "{:?}",
        final_state
    );
}

#[test]
fn optional_abilities_are_decided_on_resolution() {
    let rest = ability(
        "maybe",
        "x",
        "start engagement",
        "optional = true\ncost = [\"spend focus\"]\neffect = [\"gain evade\"]\nuse = [false]",
    );
    let steps = run(
        "\"start engagement\"",
        &format!(
            "tokens = {{ focus = 1 }}\n{}",
            rest.replace("ship = \"x\"", "ship = \"y\"")
        ),
    );
    assert_eq!(
        steps[1].detail.queue,
        vec!["maybe (y)"],
        "it enters automatically"
    );
    assert!(
        steps[2].outcome.contains("declines"),
        "{}",
        steps[2].outcome
    );
}

#[test]
fn stressed_ships_perform_no_action_and_each_action_once_per_round() {
    let rest = ability(
        "again",
        "x",
        "after self perform focus",
        "effect = [\"perform focus\"]",
    );
    let steps = run("\"x perform focus\"", &rest);
    assert!(
        outcomes(&steps)
            .iter()
            .any(|o| o.contains("has already performed focus")),
        "{:?}",
        outcomes(&steps)
    );
    let rest = ability(
        "boost",
        "x",
        "after self perform focus",
        "effect = [\"perform boost\"]",
    );
    let steps = run("\"x perform focus red\"", &rest);
    let all = outcomes(&steps).join("\n");
    assert!(all.contains("gains 1 stress for the red action"), "{all}");
    assert!(
        all.contains("is stressed and can perform no action"),
        "{all}"
    );
}

#[test]
fn a_destroyed_ship_leaves_only_when_the_queue_is_empty() {
    let rest = ability(
        "hit",
        "x",
        "start engagement",
        "effect = [\"choose enemy range 1\", \"chosen suffer 1\"]\nchoose = [\"y\"]",
    ) + &ability("mine", "y", "start engagement", "effect = [\"gain evade\"]");
    let steps = run("\"start engagement\"", &format!("hull = 1\n{rest}"));
    let removed = steps
        .iter()
        .position(|s| s.event == "y is removed")
        .unwrap();
    let own = steps
        .iter()
        .position(|s| s.event == "mine (y) resolves")
        .unwrap();
    assert!(own < removed);
    assert_eq!(removed, steps.len() - 1);
}

#[test]
fn constants_and_dice_modifications_are_not_queued() {
    let rest =
        ability("always", "x", "constant", "") + &ability("dice", "x", "while modify-attack", "");
    let steps = run("\"start engagement\"", &rest);
    assert!(steps.iter().all(|s| s.detail.queue.is_empty()));
    assert!(steps[0].outcome.contains("never enters the queue"));
    assert!(steps[1].outcome.contains("outside the queue"));
}

#[test]
fn loops_stop_at_the_cap_with_a_diagnostic() {
    let rest = ability(
        "ping",
        "x",
        "after self gain focus",
        "effect = [\"gain focus\"]",
    );
    let text = format!(
        "{HEAD}max_steps = 50\nevent = [\"x gain focus\"]\n\n[[player]]\nid = \"a\"\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\n{rest}"
    );
    let findings = steps_of(&text).unwrap_err();
    assert_eq!(findings[0].code.as_str(), "scenario::loop");
    assert!(
        findings[0].message.contains("`ping`"),
        "{}",
        findings[0].message
    );
}

#[test]
fn after_an_attack_the_defending_players_abilities_resolve_first() {
    // `a` is the first player and the attacker: the attack's consequences step, not player
    // order, puts the defender's ability first.
    let rest = ability(
        "after-attack",
        "x",
        "after self attack",
        "effect = [\"gain focus\"]",
    ) + &ability(
        "after-defend",
        "y",
        "after self defend",
        "effect = [\"gain evade\"]",
    );
    let steps = run("\"x attack y hit 1\"", &rest);
    let entering = steps
        .iter()
        .find(|s| s.outcome.starts_with("Enter the queue"))
        .expect("the after-attack abilities enter the queue");
    assert_eq!(
        entering.detail.queue,
        vec!["after-defend (y)", "after-attack (x)"]
    );
    assert_eq!(entering.rule.section, "ATAQUE");
}

#[test]
fn abilities_granting_a_bonus_attack_come_after_the_rest_and_only_one_per_round() {
    let rest = ability(
        "bonus",
        "x",
        "after self attack",
        "effect = [\"attack trigger\"]",
    ) + &ability(
        "token",
        "x",
        "after self attack",
        "effect = [\"gain focus\"]",
    );
    // `token` is listed after `bonus` in the file, but the bonus attack still comes last.
    let steps = run("\"x attack y\"", &rest);
    let entering = steps
        .iter()
        .find(|s| s.outcome.starts_with("Enter the queue"))
        .expect("entering step");
    assert_eq!(entering.detail.queue, vec!["token (x)", "bonus (x)"]);
    let refused = outcomes(&steps)
        .iter()
        .filter(|o| o.contains("at most one per round"))
        .count();
    // The bonus attack triggers the bonus ability again; its second attack is refused.
    assert_eq!(refused, 1, "{:#?}", outcomes(&steps));
}

#[test]
fn while_attacking_abilities_never_enter_the_queue() {
    let rest = ability("while", "x", "while attacking", "")
        + &ability("enemy-while", "y", "while enemy attack", "");
    let steps = run("\"x attack y\"", &rest);
    let all = outcomes(&steps).join("\n");
    assert_eq!(all.matches("In effect while x attacks").count(), 2, "{all}");
    assert!(steps.iter().all(|s| s.detail.queue.is_empty()), "{all}");
}

#[test]
fn an_attack_states_its_hits_and_crits() {
    let steps = run("\"x attack y hit 1 crit 2\"", "");
    let all = outcomes(&steps).join("\n");
    assert!(all.contains("1 hit and 2 crit results"), "{all}");
    assert!(all.contains("y suffers 3 damage"), "{all}");
    let text = format!(
        "{HEAD}event = [\"x attack y hit 1 hit 2\"]\n\n[[player]]\nid = \"a\"\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\n\n[[ship]]\nid = \"y\"\nowner = \"a\"\n"
    );
    let findings = steps_of(&text).unwrap_err();
    assert!(findings[0].message.contains("given twice"), "{findings:#?}");
}

#[test]
fn attack_timings_are_after_or_while_only() {
    for (timing, refused) in [
        ("after self attack", false),
        ("after enemy defend", false),
        ("while defending", false),
        ("while any attack", false),
        ("before self attack", true),
        ("after self attack focus", true),
        ("while attack", true),
    ] {
        let rest = ability("t", "x", timing, "effect = [\"gain focus\"]");
        let text = format!(
            "{HEAD}event = [\"x attack y\"]\n\n[[player]]\nid = \"a\"\n\n[[player]]\nid = \"b\"\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\n\n[[ship]]\nid = \"y\"\nowner = \"b\"\n{rest}"
        );
        assert_eq!(steps_of(&text).is_err(), refused, "{timing}");
    }
}

/// Ships `x` (a, initiative 3) and `y` (b, hull 1, initiative `y_initiative`) at range 1,
/// for simultaneous fire.
fn duel(events: &str, y_initiative: u8) -> Steps {
    let text = format!(
        "{HEAD}event = [{events}]\n\n[[player]]\nid = \"a\"\n\n[[player]]\nid = \"b\"\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\ninitiative = 3\nhull = 5\nrange = {{ y = 1 }}\n\n[[ship]]\nid = \"y\"\nowner = \"b\"\ninitiative = {y_initiative}\nhull = 1\n"
    );
    steps_of(&text).unwrap_or_else(|f| panic!("{f:#?}"))
}

#[test]
fn a_ship_destroyed_in_the_engagement_phase_still_engages_at_its_initiative() {
    let steps = duel("\"x attack y hit 1\", \"y attack x hit 1\"", 3);
    let all = outcomes(&steps);
    assert!(
        all.iter()
            .any(|o| o.starts_with("y is destroyed but engages")),
        "{all:#?}"
    );
    assert!(
        all.iter()
            .any(|o| o == "x suffers 1 damage: no active shield, so 1 damage card.")
    );
    assert_eq!(
        steps.last().map(|s| s.rule.section),
        Some("REGLA DE ATAQUES SIMULTÁNEOS")
    );
}

#[test]
fn a_ship_destroyed_at_a_higher_initiative_does_not_engage_later() {
    let steps = duel("\"x attack y hit 1\", \"y attack x hit 1\"", 2);
    let all = outcomes(&steps);
    assert!(
        all.iter()
            .any(|o| o == "Not performed: y has left the play area."),
        "{all:#?}"
    );
}

#[test]
fn outside_the_engagement_phase_a_destroyed_ship_leaves_once_the_queue_is_empty() {
    let steps = duel(
        "\"start system\", \"x attack y hit 1\", \"y attack x hit 1\"",
        3,
    );
    let all = outcomes(&steps);
    assert!(
        all.iter()
            .any(|o| o == "Not performed: y has left the play area."),
        "{all:#?}"
    );
}

#[test]
fn a_ship_engaging_triggers_its_before_and_after_abilities_in_that_order() {
    let rest = ability(
        "after",
        "x",
        "after self engage",
        "effect = [\"gain evade\"]",
    ) + &ability(
        "before",
        "x",
        "before self engage",
        "effect = [\"gain focus\"]",
    ) + &ability(
        "theirs",
        "y",
        "before enemy engage",
        "effect = [\"gain focus\"]",
    );
    let steps = run("\"x engage\"", &rest);
    let resolved: Vec<&str> = steps
        .iter()
        .filter(|s| s.event.ends_with("resolves"))
        .map(|s| s.event.as_str())
        .collect();
    assert_eq!(
        resolved,
        [
            "before (x) resolves",
            "theirs (y) resolves",
            "after (x) resolves"
        ]
    );
}

#[test]
fn a_revealed_colour_narrows_a_reveal_timing() {
    let rest = ability(
        "red",
        "x",
        "after self reveal red",
        "effect = [\"gain focus\"]",
    ) + &ability("any", "x", "after self reveal", "effect = [\"gain evade\"]");
    let steps = run("\"x reveal blue\"", &rest);
    assert!(steps.iter().any(|s| s.event == "any (x) resolves"));
    assert!(!steps.iter().any(|s| s.event == "red (x) resolves"));
}

#[test]
fn choose_each_applies_the_effects_to_every_ship_that_fits() {
    let text = format!(
        "{HEAD}event = [\"start engagement\"]\n\n[[player]]\nid = \"a\"\n\n[[player]]\nid = \"b\"\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\nrange = {{ y = 0, z = 0, w = 2 }}\n\n[[ship]]\nid = \"y\"\nowner = \"b\"\n\n[[ship]]\nid = \"z\"\nowner = \"b\"\n\n[[ship]]\nid = \"w\"\nowner = \"b\"\n{}",
        ability(
            "jammer",
            "x",
            "start engagement",
            "effect = [\"choose each enemy range 0\", \"chosen gain jam 2\"]"
        )
    );
    let steps = steps_of(&text).unwrap();
    let gained: Vec<&str> = steps
        .iter()
        .filter(|s| s.event.ends_with("gains jam"))
        .map(|s| s.event.as_str())
        .collect();
    assert_eq!(gained, ["y gains jam", "z gains jam"]);
    assert!(steps.iter().all(|s| !s.choice_point));
}

#[test]
fn the_only_legal_ship_is_chosen_without_a_choice_point() {
    let rest = ability(
        "pick",
        "x",
        "start engagement",
        "effect = [\"choose enemy range 1\", \"chosen gain stress\"]",
    );
    let steps = run("\"start engagement\"", &rest);
    let step = steps
        .iter()
        .find(|s| s.event == "pick (x) resolves")
        .unwrap();
    assert!(
        step.outcome.contains("the only legal choice"),
        "{}",
        step.outcome
    );
    assert!(!step.choice_point);
}

#[test]
fn another_ship_and_unshielded_requirements() {
    let rest = ability(
        "mourn",
        "x",
        "after friendly gain",
        "requires = [\"trigger other\", \"not-shielded\"]\neffect = [\"gain evade\"]",
    );
    let steps = run("\"x gain focus\"", &rest);
    assert!(
        steps
            .iter()
            .any(|s| s.outcome.contains("is the ship itself"))
    );
}
