//! Issue 23, item 7: work and output stay bounded inside the documented limits. A trace
//! shows a capped part of the X-Wing ability queue at each step, so a scenario of many
//! abilities prints a table that grows with its steps, not with steps times queue length.
//! (Time and memory are measured by `tools/stress-resolve`, not here.)

use crate::support::{arbiter, json, scratch, stderr, stdout};

/// `n` abilities of two ships, all triggered by the start of the engagement phase: every
/// step of the trace has the rest of them in the queue.
fn many_abilities(n: usize) -> String {
    let mut text = String::from(
        "game = \"xwing\"\nkind = \"xwing/queue\"\ntitle = \"many abilities\"\nmax_steps = 100000\nevent = [\"start engagement\"]\n\n[[player]]\nid = \"a\"\n\n[[player]]\nid = \"b\"\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\n\n[[ship]]\nid = \"y\"\nowner = \"b\"\n",
    );
    for i in 0..n {
        let ship = if i % 2 == 0 { "x" } else { "y" };
        text.push_str(&format!(
            "\n[[ability]]\nid = \"a{i}\"\nship = \"{ship}\"\ncard = \"Card {i}\"\ntiming = \"start engagement\"\noptional = true\nrequires = [\"not-stressed\"]\ncost = [\"gain strain\"]\neffect = [\"gain focus\"]\nuse = [true]\n"
        ));
    }
    text
}

#[test]
fn a_long_queue_is_shown_capped_at_every_step() {
    let dir = scratch();
    let path = dir.path().join("abilities.toml");
    let abilities = 1_000;
    std::fs::write(&path, many_abilities(abilities)).expect("written");
    let path = path.to_str().expect("UTF-8");

    let human = arbiter(&["resolve", path]);
    assert_eq!(human.status.code(), Some(0), "{}", stderr(&human));
    let table = stdout(&human);
    assert!(
        table.contains(&format!("… and {} more", abilities - 3)),
        "the rest of the queue is counted"
    );
    assert!(
        !table.contains("4. Card"),
        "no row lists a fourth queue entry"
    );

    let result = json(&arbiter(&["resolve", "--output", "json", path]));
    let steps = result["steps"].as_array().expect("steps");
    assert!(steps.len() > 2 * abilities, "every ability resolved");
    let longest = steps
        .iter()
        .map(|s| s["queue"].as_array().map_or(0, Vec::len))
        .max();
    assert_eq!(longest, Some(5), "JSON lists at most 5 entries");
    assert_eq!(
        steps.iter().map(|s| s["queue_length"].as_u64()).max(),
        Some(Some(abilities as u64)),
        "and the queue's full length"
    );

    // The table stops at 2,000 rows and counts the rest.
    assert!(
        table.contains(&format!("… and {} more steps", steps.len() - 2_000)),
        "the hidden steps are counted"
    );
    assert!(table.contains("│ 2000 "), "row 2000 is shown");
    assert!(!table.contains("│ 2001 "), "row 2001 is not");
    // Output grows with the rows shown alone: a row is a few lines, whatever the queue.
    let per_step = table.len() / 2_000;
    assert!(per_step < 700, "{per_step} bytes per step");

    // The answer names the first twenty abilities, then counts the rest.
    let answer = result["answer"].as_str().expect("answer");
    assert!(
        answer.contains(&format!(
            "and {} more (the trace lists every one)",
            abilities - 20
        )),
        "{answer}"
    );
    assert!(answer.len() < 1_000, "{} bytes of answer", answer.len());
}

#[test]
fn a_name_longer_than_the_limit_is_refused_at_its_value() {
    let dir = scratch();
    let path = dir.path().join("long.toml");
    let long = "L".repeat(65);
    let text = many_abilities(2).replace("Card 1\"", &format!("{long}\""));
    std::fs::write(&path, &text).expect("written");
    let output = arbiter(&["resolve", path.to_str().expect("UTF-8")]);
    assert_eq!(output.status.code(), Some(2));
    let report = stderr(&output);
    assert!(report.contains("scenario::invalid_value"), "{report}");
    assert!(report.contains("at most 64"), "{report}");
    assert!(report.contains("long.toml:"), "located: {report}");
    // 64 bytes pass.
    std::fs::write(&path, text.replace(&long, &"L".repeat(64))).expect("written");
    assert_eq!(
        arbiter(&["resolve", path.to_str().unwrap()]).status.code(),
        Some(0)
    );
}
