//! Speed of X-Wing squad reading and validation on 10,000 generated XWS squads.
//!
//! `cargo bench --bench xwing_validate` builds the squads from the embedded card data with a
//! seeded xorshift generator (the same squads every run): all seven factions, AMG points
//! (20-point scale) and XWA 50P2.0 points (50-point scale), upgrades picked for the slots
//! the pilot has in that revision, and about a third of the squads broken on purpose
//! (another faction's pilot, too many points, a missing slot, a duplicate upgrade, a
//! misspelt id, ...). Each squad is serialised to XWS JSON text, then timed on one thread:
//! (a) parse only, (b) parse + validate. Prints the median of several rounds as squads per
//! second, and the findings per code so the mix can be seen. `XWING_BENCH_WRITE=folder`
//! also writes the squads there as files.

use arbiter::cards::xwing::{
    Faction, Legality, Pilot, Restriction, Size, Slot, Upgrade, XwingCards,
};
use arbiter::cards::{CardDb, Game, LoadOptions, load};
use arbiter::parse::xwing::{self, ParsedSquad};
use arbiter::report::FileId;
use arbiter::validate::xwing::{Options, ValidatedSquad, Validator};
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

// The allocator the `arbiter` binary ships with (src/main.rs): a bench of the library
// would otherwise time the system allocator, which the product never uses.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const SQUADS: usize = 10_000;
/// Timed rounds; `XWING_BENCH_ROUNDS=n` runs fewer (one round under callgrind counts the
/// instructions of both phases in reasonable time).
const ROUNDS: usize = 7;
/// Example messages printed per finding code.
const EXAMPLES: usize = 3;
const SEED: u64 = 0x5eed_a11a_9ce5_2024;
/// Share of squads broken on purpose, in percent.
const BROKEN_PERCENT: u64 = 35;

const REVISIONS: [GeneratedRevision; 2] = [
    GeneratedRevision {
        id: "amg-sep2024",
        ruleset: "AMG",
        limit: 20,
    },
    GeneratedRevision {
        id: "xwa-50p20",
        ruleset: "XWA",
        limit: 50,
    },
];

const OBSTACLES: &[&str] = &[
    "core-asteroid-0",
    "core-asteroid-1",
    "core-asteroid-2",
    "core-asteroid-3",
    "core-asteroid-4",
    "core-asteroid-5",
    "gascloud1",
    "gascloud2",
    "gascloud3",
    "pomasteroid1",
    "pomasteroid2",
    "pomasteroid3",
    "coredebris0",
    "coredebris1",
];

fn main() {
    let (db, unreadable) = load(&LoadOptions::built_in());
    assert!(unreadable.is_empty(), "the embedded data must load");

    let started = Instant::now();
    let texts = generate(&db, SQUADS, SEED);
    if let Some(folder) = std::env::var_os("XWING_BENCH_WRITE") {
        write_squads(std::path::Path::new(&folder), &texts);
    }
    let bytes: usize = texts.iter().map(String::len).sum();
    println!(
        "generated {} XWS squads ({:.1} MB) in {:.0} ms",
        texts.len(),
        bytes as f64 / 1e6,
        ms(started.elapsed())
    );

    let validator = Validator::new(&db);
    let options = Options::default();
    let mut parse_times = Vec::new();
    let mut validate_times = Vec::new();
    let mut results = Vec::new();
    let rounds = rounds();
    for _ in 0..rounds {
        let start = Instant::now();
        let parsed: Vec<ParsedSquad> = texts
            .iter()
            .enumerate()
            .filter_map(|(i, text)| xwing::parse(FileId(i as u32), text).ok())
            .collect();
        parse_times.push(start.elapsed());
        assert_eq!(parsed.len(), texts.len(), "every generated squad must read");
        std::hint::black_box(&parsed);

        let start = Instant::now();
        let validated: Vec<ValidatedSquad> = texts
            .iter()
            .enumerate()
            .filter_map(|(i, text)| {
                let file = FileId(i as u32);
                let squad = xwing::parse(file, text).ok()?;
                validator.validate(file, &squad, &options).ok()
            })
            .collect();
        validate_times.push(start.elapsed());
        assert_eq!(validated.len(), texts.len(), "every squad must validate");
        results = validated;
    }
    summarise(&results);
    let parse = median(&mut parse_times);
    let both = median(&mut validate_times);
    let per_second = |d: Duration| texts.len() as f64 / d.as_secs_f64();
    println!(
        "(a) parse only:       {:7.1} ms = {:8.0} squads/s (median of {rounds})",
        ms(parse),
        per_second(parse)
    );
    println!(
        "(b) parse + validate: {:7.1} ms = {:8.0} squads/s (median of {rounds})",
        ms(both),
        per_second(both)
    );
    println!(
        "    validation alone ≈ {:.1} µs per squad",
        (both.saturating_sub(parse)).as_secs_f64() * 1e6 / texts.len() as f64
    );
}

fn rounds() -> usize {
    std::env::var("XWING_BENCH_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(ROUNDS)
}

/// `XWING_BENCH_WRITE=folder`: the squads as files (`squad-00042.json`), so a run of the
/// binary can be compared on them (`validate` of each, before and after a change).
fn write_squads(folder: &std::path::Path, texts: &[String]) {
    std::fs::create_dir_all(folder).expect("create the folder for the squads");
    for (n, text) in texts.iter().enumerate() {
        std::fs::write(folder.join(format!("squad-{n:05}.json")), text).expect("write a squad");
    }
    println!("wrote {} squads to {}", texts.len(), folder.display());
}

fn summarise(results: &[ValidatedSquad]) {
    let valid = results.iter().filter(|s| s.is_valid()).count();
    let mut by_revision: BTreeMap<&str, usize> = BTreeMap::new();
    let mut by_code: BTreeMap<String, (usize, Vec<String>)> = BTreeMap::new();
    for squad in results {
        *by_revision.entry(squad.revision.as_str()).or_default() += 1;
        for finding in &squad.findings {
            let severity = if finding.is_error() { "" } else { " (warning)" };
            let entry = by_code
                .entry(format!("{}{severity}", finding.code.as_str()))
                .or_default();
            entry.0 += 1;
            if entry.1.len() < EXAMPLES {
                entry.1.push(finding.message.clone());
            }
        }
    }
    println!(
        "valid: {valid}/{} squads; revisions: {by_revision:?}",
        results.len()
    );
    for (code, (count, examples)) in by_code {
        println!("  {code}: {count}");
        for example in examples {
            println!("      {example}");
        }
    }
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// xorshift64*: tiny, seeded, good enough to pick cards.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn percent(&mut self, chance: u64) -> bool {
        self.next() % 100 < chance
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.below(items.len())])
        }
    }
}

struct GeneratedRevision {
    id: &'static str,
    ruleset: &'static str,
    limit: i32,
}

/// A pilot as the generator sees it in one revision.
struct PilotChoice<'a> {
    card: &'a Pilot,
    cost: i32,
    loadout: i32,
    slots: Vec<Slot>,
    size: Size,
    restricted: i32,
}

/// An upgrade buyable in one revision.
struct UpgradeChoice<'a> {
    card: &'a Upgrade,
    cost: Option<i32>,
    slots: Vec<Slot>,
    limited: bool,
    restricted: i32,
    /// The upgrade has restrictions of kinds the generator does not check (keywords,
    /// actions, stats, ...): legal squads leave it out.
    unchecked: bool,
    /// Restrictions the generator checks itself.
    factions: Vec<Faction>,
    sizes: Vec<Size>,
    ships: Vec<String>,
}

/// Cards per revision and faction, sorted by id so the squads do not depend on load order.
struct Pools<'a> {
    pilots: HashMap<(&'static str, Faction), Vec<PilotChoice<'a>>>,
    upgrades: HashMap<&'static str, HashMap<Slot, Vec<UpgradeChoice<'a>>>>,
    /// The standard format's restricted-list cap.
    restricted_cap: i32,
}

fn pools(cards: &XwingCards, restricted_cap: i32) -> Pools<'_> {
    let sizes: HashMap<&str, Size> = cards
        .ships
        .iter()
        .map(|s| (s.value.id.as_str(), s.value.size))
        .collect();
    let mut pilots: HashMap<(&'static str, Faction), Vec<PilotChoice>> = HashMap::new();
    let mut upgrades: HashMap<&'static str, HashMap<Slot, Vec<UpgradeChoice>>> = HashMap::new();
    for revision in &REVISIONS {
        for pilot in cards.pilots.iter().map(|p| &p.value) {
            let Some(values) = pilot.points_in(revision.id) else {
                continue;
            };
            let size = sizes.get(pilot.ship.as_str()).copied();
            if !values.legal.contains(&Legality::Standard)
                || size.is_none_or(|s| s == Size::Huge)
                || values.cost <= 0
            {
                continue;
            }
            pilots
                .entry((revision.id, pilot.faction))
                .or_default()
                .push(PilotChoice {
                    card: pilot,
                    cost: values.cost,
                    loadout: values.loadout,
                    slots: values.slots.to_vec(),
                    size: size.unwrap_or(Size::Small),
                    restricted: values.restricted,
                });
        }
        let by_slot = upgrades.entry(revision.id).or_default();
        for upgrade in cards.upgrades.iter().map(|u| &u.value) {
            let Some(values) = upgrade.points_in(revision.id) else {
                continue;
            };
            if upgrade.standard_loadout_only
                || !values.legal.contains(&Legality::Standard)
                || values.slots.is_empty()
            {
                continue;
            }
            let mut choice = UpgradeChoice {
                card: upgrade,
                cost: values.cost,
                slots: values.slots.to_vec(),
                limited: values.limited > 0,
                restricted: values.restricted,
                unchecked: false,
                factions: Vec::new(),
                sizes: Vec::new(),
                ships: Vec::new(),
            };
            for r in values.restrictions {
                choice.factions.extend(&r.factions);
                choice.sizes.extend(&r.sizes);
                choice.ships.extend(r.ships.iter().cloned());
                let checked = Restriction {
                    factions: r.factions.clone(),
                    sizes: r.sizes.clone(),
                    ships: r.ships.clone(),
                    non_limited: r.non_limited,
                    ..Restriction::default()
                };
                choice.unchecked |= *r != checked;
            }
            by_slot.entry(values.slots[0]).or_default().push(choice);
        }
    }
    for list in pilots.values_mut() {
        list.sort_by(|a, b| a.card.id.cmp(&b.card.id));
    }
    for list in upgrades.values_mut().flat_map(|m| m.values_mut()) {
        list.sort_by(|a, b| a.card.id.cmp(&b.card.id));
    }
    Pools {
        pilots,
        upgrades,
        restricted_cap,
    }
}

/// The ways a squad is broken on purpose.
#[derive(Clone, Copy)]
enum Breakage {
    OtherFaction,
    OverPoints,
    TooFewShips,
    NoSuchSlot,
    DuplicateUpgrade,
    MisspeltId,
    SquashedId,
    WrongStatedPoints,
    RepeatedObstacle,
}

const BREAKAGES: &[Breakage] = &[
    Breakage::OtherFaction,
    Breakage::OverPoints,
    Breakage::TooFewShips,
    Breakage::NoSuchSlot,
    Breakage::DuplicateUpgrade,
    Breakage::MisspeltId,
    Breakage::SquashedId,
    Breakage::WrongStatedPoints,
    Breakage::RepeatedObstacle,
];

/// A generated ship before it becomes JSON.
struct ShipOut {
    id: String,
    ship: String,
    /// The pilot's cost as the list states it.
    points: i32,
    /// The pilot's cost in the revision.
    cost: i32,
    upgrades: Vec<(Slot, String)>,
}

fn generate(db: &CardDb, count: usize, seed: u64) -> Vec<String> {
    let standard = db
        .formats
        .iter()
        .map(|f| &f.value)
        .find(|f| f.game == Game::Xwing && f.id == Options::default().format);
    let cap = standard.and_then(|f| f.restricted_cap).unwrap_or(u32::MAX);
    let pools = pools(&db.xwing, i32::try_from(cap).unwrap_or(i32::MAX));
    let mut rng = Rng(seed);
    (0..count)
        .map(|n| {
            let revision = &REVISIONS[rng.below(REVISIONS.len())];
            let faction = *rng.pick(Faction::ALL).unwrap_or(&Faction::RebelAlliance);
            let breakage = if rng.percent(BROKEN_PERCENT) {
                rng.pick(BREAKAGES).copied()
            } else {
                None
            };
            squad_json(&pools, &mut rng, n, revision, faction, breakage)
        })
        .collect()
}

fn squad_json(
    pools: &Pools<'_>,
    rng: &mut Rng,
    n: usize,
    revision: &GeneratedRevision,
    faction: Faction,
    breakage: Option<Breakage>,
) -> String {
    let empty = Vec::new();
    let pilots = pools.pilots.get(&(revision.id, faction)).unwrap_or(&empty);
    let mut budget = revision.limit;
    let mut names: Vec<&str> = Vec::new();
    let mut restricted = 0;
    let mut ships: Vec<ShipOut> = Vec::new();
    let wanted_ships = 3 + rng.below(4);
    for _ in 0..40 {
        if ships.len() >= wanted_ships {
            break;
        }
        let Some(pilot) = rng.pick(pilots) else { break };
        let reserve = (wanted_ships - ships.len() - 1) as i32 * revision.limit / 10;
        if pilot.cost + reserve > budget
            || restricted + pilot.restricted > pools.restricted_cap
            || (pilot.card.limited > 0 && names.contains(&pilot.card.name.as_str()))
        {
            continue;
        }
        budget -= pilot.cost;
        restricted += pilot.restricted;
        names.push(&pilot.card.name);
        ships.push(ShipOut {
            id: pilot.card.id.clone(),
            ship: pilot.card.ship.clone(),
            points: pilot.cost,
            cost: pilot.cost,
            upgrades: equip(
                pools,
                rng,
                revision,
                faction,
                pilot,
                &mut names,
                &mut restricted,
            ),
        });
    }
    let mut obstacles: Vec<&str> = Vec::new();
    while obstacles.len() < 3 {
        let next = OBSTACLES[rng.below(OBSTACLES.len())];
        if !obstacles.contains(&next) {
            obstacles.push(next);
        }
    }
    match breakage {
        Some(Breakage::OtherFaction) => {
            let other = Faction::ALL[(faction as usize + 1) % Faction::ALL.len()];
            if let Some(pilot) = pools
                .pilots
                .get(&(revision.id, other))
                .and_then(|p| rng.pick(p))
            {
                ships.pop();
                ships.push(bare(pilot));
            }
        }
        Some(Breakage::OverPoints) => {
            let dearest = pilots.iter().max_by_key(|p| p.cost);
            if let Some(pilot) = dearest {
                ships.push(bare(pilot));
                ships.push(bare(pilot));
            }
        }
        Some(Breakage::TooFewShips) => ships.truncate(2),
        Some(Breakage::NoSuchSlot) => {
            if let Some(ship) = ships.first_mut() {
                // Few ships have a Tactical Relay slot; the generator never fills one.
                ship.upgrades
                    .push((Slot::TacticalRelay, "k2b4".to_string()));
            }
        }
        Some(Breakage::DuplicateUpgrade) => {
            if let Some(ship) = ships.iter_mut().find(|s| !s.upgrades.is_empty()) {
                let copy = ship.upgrades[0].clone();
                ship.upgrades.push(copy);
            }
        }
        Some(Breakage::MisspeltId) => {
            if let Some(ship) = ships.last_mut() {
                ship.id.push('x');
            }
        }
        Some(Breakage::SquashedId) => {
            if let Some(ship) = ships.iter_mut().find(|s| s.id.contains('-')) {
                ship.id.retain(|c| c != '-');
            }
        }
        Some(Breakage::WrongStatedPoints) => {
            if let Some(ship) = ships.first_mut() {
                ship.points += 1;
            }
        }
        Some(Breakage::RepeatedObstacle) => obstacles[2] = obstacles[0],
        None => {}
    }
    let stated_total: i32 = ships.iter().map(|s| s.cost).sum();
    let pilots: Vec<Value> = ships.iter().map(ship_json).collect();
    json!({
        "name": format!("Generated squad {n}"),
        "faction": faction.as_str(),
        "points": stated_total,
        "version": "2.5.0",
        "ruleset": revision.ruleset,
        "obstacles": obstacles,
        "pilots": pilots,
        "vendor": {"arbiter": {"generator": "benches/xwing_validate.rs"}},
    })
    .to_string()
}

fn bare(pilot: &PilotChoice<'_>) -> ShipOut {
    ShipOut {
        id: pilot.card.id.clone(),
        ship: pilot.card.ship.clone(),
        points: pilot.cost,
        cost: pilot.cost,
        upgrades: Vec::new(),
    }
}

/// Fill some of the pilot's slots with upgrades it can afford and is allowed, as far as
/// faction, size, ship and the Limited count go.
fn equip<'a>(
    pools: &Pools<'a>,
    rng: &mut Rng,
    revision: &GeneratedRevision,
    faction: Faction,
    pilot: &PilotChoice<'a>,
    names: &mut Vec<&'a str>,
    restricted: &mut i32,
) -> Vec<(Slot, String)> {
    let mut fitted = Vec::new();
    if !pilot.card.standard_loadout.is_empty() {
        return fitted;
    }
    let Some(by_slot) = pools.upgrades.get(revision.id) else {
        return fitted;
    };
    let mut free = pilot.slots.clone();
    let mut budget = pilot.loadout;
    let mut order = pilot.slots.clone();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    for slot in order {
        if !free.contains(&slot) || !rng.percent(60) {
            continue;
        }
        let Some(candidates) = by_slot.get(&slot) else {
            continue;
        };
        for _ in 0..6 {
            let Some(upgrade) = rng.pick(candidates) else {
                break;
            };
            let Some(cost) = upgrade.cost else { continue };
            let fits_slots = upgrade.slots.iter().all(|s| {
                upgrade.slots.iter().filter(|t| *t == s).count()
                    <= free.iter().filter(|t| *t == s).count()
            });
            let allowed = (upgrade.factions.is_empty() || upgrade.factions.contains(&faction))
                && (upgrade.sizes.is_empty() || upgrade.sizes.contains(&pilot.size))
                && (upgrade.ships.is_empty() || upgrade.ships.contains(&pilot.card.ship))
                && !upgrade.unchecked
                && *restricted + upgrade.restricted <= pools.restricted_cap
                && !(upgrade.limited && names.contains(&upgrade.card.name.as_str()))
                && !fitted.iter().any(|(_, id)| *id == upgrade.card.id);
            if cost > budget || !fits_slots || !allowed {
                continue;
            }
            budget -= cost;
            *restricted += upgrade.restricted;
            for s in &upgrade.slots {
                if let Some(at) = free.iter().position(|t| t == s) {
                    free.remove(at);
                }
            }
            if upgrade.limited {
                names.push(&upgrade.card.name);
            }
            fitted.push((slot, upgrade.card.id.clone()));
            break;
        }
    }
    fitted
}

fn ship_json(ship: &ShipOut) -> Value {
    let mut upgrades = Map::new();
    for (slot, id) in &ship.upgrades {
        let key = slot.as_str().replace('-', "");
        let list = upgrades
            .entry(key)
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(ids) = list {
            ids.push(Value::String(id.clone()));
        }
    }
    json!({
        "id": ship.id,
        "ship": ship.ship,
        "points": ship.points,
        "upgrades": upgrades,
    })
}
