//! Name resolution: from a name as a builder wrote it to one card of the data.
//!
//! Builders spell names their own way (`CR90 Corvette A` / `CR90A Corvette`, dropped
//! apostrophes, `(Ship)` qualifiers, `[Legacy]` tags, `{CIS}` variants), and several cards
//! share one name (Darth Vader the commander, the officer and the squadron). A name is
//! looked up by ever looser keys; the candidates are then narrowed by what the list says
//! around the name (faction, stated points, qualifier, tag) and by what is current.

use super::prices::{CardPrices, card_prices};
use crate::cards::Located;
use crate::cards::armada::{
    ArmadaCards, Faction, Objective, Printing, Ship, Slot, Source, Squadron, Upgrade,
};
use crate::parse::armada::CardName;
use crate::text::{normalize, squash};
use rustc_hash::{FxBuildHasher, FxHashMap};
use smallvec::SmallVec;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::RwLock;

/// What a card offers to resolution, whatever its kind.
pub trait Resolvable: Printing {
    fn names(&self) -> Vec<&str>;
    fn source(&self) -> Source;
    fn points(&self) -> u16;
    /// Whether a fleet of `faction` may field the card (true when the card has none).
    fn fits_faction(&self, faction: Faction) -> bool;
    /// Words a `(qualifier)` may name to pick this card: a squadron's class, an
    /// upgrade's slots.
    fn context(&self) -> String;
    /// Names made of the card's facts that builders write but no one lists as a nickname.
    fn composed_names(&self) -> Vec<String> {
        Vec::new()
    }
}

impl Resolvable for Ship {
    fn names(&self) -> Vec<&str> {
        std::iter::once(self.name.as_str())
            .chain(self.nicknames.iter().map(String::as_str))
            .collect()
    }
    fn source(&self) -> Source {
        self.source
    }
    fn points(&self) -> u16 {
        self.points
    }
    fn fits_faction(&self, faction: Faction) -> bool {
        self.faction == faction
    }
    fn context(&self) -> String {
        normalize(&format!("{} {}", self.name, self.ship_type))
    }
}

impl Resolvable for Squadron {
    fn names(&self) -> Vec<&str> {
        let mut names = vec![self.card_name()];
        names.extend(self.nicknames.iter().map(String::as_str));
        names
    }
    fn source(&self) -> Source {
        self.source
    }
    fn points(&self) -> u16 {
        self.points
    }
    fn fits_faction(&self, faction: Faction) -> bool {
        self.faction.is_none_or(|f| f == faction)
    }
    fn context(&self) -> String {
        normalize(&format!("{} {}", self.name, self.squadron_type))
    }
    /// The ace before the class, as the Armada Fleet Builder app writes it (`Biggs
    /// Darklighter X-Wing Squadron`).
    fn composed_names(&self) -> Vec<String> {
        self.ace_name
            .iter()
            .map(|ace| format!("{ace} {}", self.name))
            .collect()
    }
}

impl Resolvable for Upgrade {
    fn names(&self) -> Vec<&str> {
        std::iter::once(self.name.as_str())
            .chain(self.nicknames.iter().map(String::as_str))
            .collect()
    }
    fn source(&self) -> Source {
        self.source
    }
    fn points(&self) -> u16 {
        self.points
    }
    fn fits_faction(&self, faction: Faction) -> bool {
        self.factions.is_empty() || self.factions.contains(&faction)
    }
    fn context(&self) -> String {
        let slots: Vec<&str> = self.slots.iter().map(|s| s.as_str()).collect();
        normalize(&format!(
            "{} {}",
            slots.join(" "),
            self.ship_type.as_deref().unwrap_or("")
        ))
    }
}

impl Resolvable for Objective {
    fn names(&self) -> Vec<&str> {
        std::iter::once(self.name.as_str())
            .chain(self.nicknames.iter().map(String::as_str))
            .collect()
    }
    fn source(&self) -> Source {
        self.source
    }
    fn points(&self) -> u16 {
        0
    }
    fn fits_faction(&self, _faction: Faction) -> bool {
        true
    }
    fn context(&self) -> String {
        self.category.as_str().to_string()
    }
}

/// The names of one kind of card under three ever looser keys.
struct NameIndex {
    /// `normalize`: case, accents and punctuation ignored.
    exact: FxHashMap<String, Vec<usize>>,
    /// `squash`: word breaks ignored too (`CR90A` = `CR90 A`).
    squashed: FxHashMap<String, Vec<usize>>,
    /// `loose_of_normal`: `-class` and plural endings ignored, builder abbreviations spelt out
    /// (`Pelta Transport Frigate` = `Pelta-class Transport Frigate`).
    loose: FxHashMap<String, Vec<usize>>,
    /// The squashed letters sorted: word order ignored (`CR90 Corvette A` = `CR90A
    /// Corvette`). Loose, so used only when the other keys find nothing.
    letters: FxHashMap<String, Vec<usize>>,
    /// Every name once, for `did you mean`.
    display: Vec<String>,
    /// Answers already worked out, by the key as written. Lists repeat the same few
    /// hundred names, and a name that misses the exact keys costs a scan of every card
    /// name; remembering the answer makes a folder of lists cost little more than its
    /// distinct names.
    memo: RwLock<FxHashMap<String, Option<Found>>>,
}

/// The cards a name may be: a few at most, so kept inline (a lookup answered from the
/// memo copies them without allocating).
type Found = SmallVec<[usize; 4]>;

/// Most answers remembered per index; past it lookups are simply worked out again.
const MEMO_CAPACITY: usize = 50_000;

/// Abbreviations builders use for a hull's first words.
const ABBREVIATIONS: &[(&str, &str)] = &[
    ("isd", "imperial star destroyer"),
    ("ssd", "star dreadnought"),
];

/// The loosest word-wise key of a normalized name: abbreviations spelt out, the word
/// `class` dropped and plural `s` endings cut (`MS-1 Ion Cannons` = `MS-1 Ion Cannon`).
fn loose_of_normal(normal: &str) -> String {
    let mut key = String::with_capacity(normal.len() + 16);
    let mut first = true;
    for word in normal.split(' ') {
        let piece = if let Some((_, long)) = ABBREVIATIONS.iter().find(|(short, _)| *short == word)
        {
            long
        } else if word == "class" {
            continue;
        } else {
            match word.strip_suffix('s') {
                Some(stem) if stem.len() >= 3 && !stem.ends_with('s') => stem,
                _ => word,
            }
        };
        if !first {
            key.push(' ');
        }
        first = false;
        key.push_str(piece);
    }
    key
}

/// The words in alphabetical order (`SSD Executor II` = `Executor II-class Star
/// Dreadnought` once `SSD` is spelt out).
fn sorted_words(loose: &str) -> String {
    let mut words: Vec<&str> = loose.split(' ').collect();
    words.sort_unstable();
    words.join(" ")
}

/// The letters of a normalized name without its spaces (its `squash`), sorted: word
/// order and word breaks ignored.
fn sorted_letters_of_normal(normal: &str) -> String {
    let mut chars: Vec<char> = normal.chars().filter(|&c| c != ' ').collect();
    chars.sort_unstable();
    chars.into_iter().collect()
}

impl NameIndex {
    fn new<'a, T: Resolvable + 'a>(cards: impl ExactSizeIterator<Item = &'a T>) -> Self {
        // About three names a card, each under several keys: sized once, not rehashed.
        let room = cards.len() * 3;
        let mut index = NameIndex {
            exact: FxHashMap::with_capacity_and_hasher(room, FxBuildHasher),
            squashed: FxHashMap::with_capacity_and_hasher(room, FxBuildHasher),
            letters: FxHashMap::with_capacity_and_hasher(room, FxBuildHasher),
            loose: FxHashMap::with_capacity_and_hasher(room * 2, FxBuildHasher),
            display: Vec::with_capacity(cards.len()),
            memo: RwLock::new(FxHashMap::default()),
        };
        for (i, card) in cards.enumerate() {
            for (n, name) in card.names().into_iter().enumerate() {
                // `Gozanti-class Cruisers {CIS}` is also plain `Gozanti-class Cruisers`:
                // builders leave the variant out and the fleet's faction tells them apart.
                if let Some(bare) = without_variant(name) {
                    index.add_word_keys(&normalize(bare), i);
                }
                let normal = normalize(name);
                let loose = index.add_word_keys(&normal, i);
                add_key(&mut index.letters, sorted_letters_of_normal(&normal), i);
                add_key(&mut index.loose, sorted_words(&loose), i);
                if n == 0 {
                    index.display.push(name.to_string());
                }
            }
            for name in card.composed_names() {
                index.add_word_keys(&normalize(&name), i);
            }
        }
        index.display.sort();
        index.display.dedup();
        index
    }

    /// Files card `i` under the exact, squashed and loose keys of a name already
    /// normalized (each key is a function of `normalize`, so it is worked out once);
    /// returns the loose key.
    fn add_word_keys(&mut self, normal: &str, i: usize) -> String {
        let loose = loose_of_normal(normal);
        add_key(&mut self.exact, normal.to_string(), i);
        add_key(&mut self.squashed, normal.replace(' ', ""), i);
        add_key(&mut self.loose, loose.clone(), i);
        loose
    }

    fn lookup(&self, key: &str) -> Option<Found> {
        if let Ok(memo) = self.memo.read()
            && let Some(found) = memo.get(key)
        {
            return found.clone();
        }
        let found = self.work_out(key).map(Found::from_vec);
        if let Ok(mut memo) = self.memo.write()
            && memo.len() < MEMO_CAPACITY
        {
            memo.insert(key.to_string(), found.clone());
        }
        found
    }

    fn work_out(&self, key: &str) -> Option<Vec<usize>> {
        if key.trim().is_empty() {
            return None;
        }
        let normal = normalize(key);
        let loose = loose_of_normal(&normal);
        // The word-wise keys are all safe, so their matches are pooled (best key first):
        // `Gozanti Cruisers` is the Imperial card's nickname but, loosely, the
        // Separatist card's name too, and only the fleet's faction can choose.
        let mut pooled = Vec::new();
        for found in [
            self.exact.get(&normal),
            self.squashed.get(&normal.replace(' ', "")),
            self.loose.get(&loose),
            self.loose.get(&sorted_words(&loose)),
        ]
        .into_iter()
        .flatten()
        {
            for &i in found {
                push_unique(&mut pooled, i);
            }
        }
        if !pooled.is_empty() {
            return Some(pooled);
        }
        self.letters
            .get(&sorted_letters_of_normal(&normal))
            .cloned()
            .or_else(|| self.by_prefix(&loose))
            .or_else(|| self.by_all_words(&loose))
    }

    /// Builders drop a leading word too (`Pelta Command Ship` for `Modified Pelta-class
    /// Command Ship`): a name of three words or more, every one of them in one card's
    /// name, names that card; the list's faction and points pick among several.
    fn by_all_words(&self, loose: &str) -> Option<Vec<usize>> {
        let words: Vec<&str> = loose.split(' ').collect();
        if words.len() < 3 {
            return None;
        }
        let mut found = Vec::new();
        for (key, cards) in &self.loose {
            // Split where asked rather than collected: this scans every loose key of the
            // kind for each name no other key finds.
            if words.iter().all(|w| key.split(' ').any(|k| k == *w)) {
                for &i in cards {
                    push_unique(&mut found, i);
                }
            }
        }
        found.sort_unstable();
        (!found.is_empty()).then_some(found)
    }

    /// Builders shorten long names from the end (`Quasar Fire I` for `Quasar Fire
    /// I-class Cruiser-Carrier`): a name of two words or more that starts a card's name
    /// names that card.
    fn by_prefix(&self, loose: &str) -> Option<Vec<usize>> {
        if loose.split(' ').count() < 2 {
            return None;
        }
        let start = format!("{loose} ");
        let mut found = Vec::new();
        for (key, cards) in &self.loose {
            if key.starts_with(&start) {
                for &i in cards {
                    push_unique(&mut found, i);
                }
            }
        }
        found.sort_unstable();
        (!found.is_empty()).then_some(found)
    }
}

/// Every clash name of the unique cards, normalized.
fn unique_names(cards: &ArmadaCards) -> FxHashMap<&str, String> {
    let ships = cards.ships.iter().filter(|c| c.unique);
    let upgrades = cards.upgrades.iter().filter(|c| c.unique);
    let squadrons = cards.squadrons.iter().filter(|c| c.unique);
    let names = ships
        .map(|c| c.name.as_str())
        .chain(upgrades.flat_map(|c| {
            std::iter::once(c.name.as_str()).chain(c.unique_class.iter().map(String::as_str))
        }))
        .chain(squadrons.flat_map(|c| {
            std::iter::once(c.card_name()).chain(c.unique_class.iter().map(String::as_str))
        }));
    names.map(|name| (name, normalize(name))).collect()
}

/// The name before a `{…}` variant or `[…]` tag, when it has one.
fn without_variant(name: &str) -> Option<&str> {
    let cut = name.find(['{', '['])?;
    Some(name[..cut].trim_end()).filter(|bare| !bare.is_empty())
}

fn add_key(keys: &mut FxHashMap<String, Vec<usize>>, key: String, i: usize) {
    push_unique(keys.entry(key).or_default(), i);
}

fn push_unique(list: &mut Vec<usize>, i: usize) {
    if !list.contains(&i) {
        list.push(i);
    }
}

/// What the list says around a name that helps pick among same-name cards.
#[derive(Debug, Clone, Default)]
pub struct Hints<'a> {
    pub faction: Option<Faction>,
    /// The cost of one card as the list states it.
    pub stated_points: Option<u32>,
    /// The format's legal sources; cards of these are preferred.
    pub legal_sources: &'a [Source],
    /// The slot the name is expected to fill (the `Commander:` line names a commander).
    pub slot: Option<Slot>,
}

/// Every Armada card indexed by name, built once and shared by every list validated.
pub struct CardIndex<'db> {
    pub cards: &'db ArmadaCards,
    ships: NameIndex,
    squadrons: NameIndex,
    upgrades: NameIndex,
    objectives: NameIndex,
    /// `did you mean` help already worked out, by kind and name as written (unknown
    /// names repeat across a folder of lists, and each costs an edit distance to every
    /// card name).
    suggestions: RwLock<HashMap<(&'static str, String), String>>,
    /// The cost of every current ship, squadron and upgrade printing, by id: what an older
    /// printing's card costs today.
    /// By card id (of its current printing): its current cost and its costs in each
    /// points revision, worked out once so a list prices its cards with one lookup each.
    prices: FxHashMap<&'db str, CardPrices<'db>>,
    /// The clash names of every unique card (its name, or its `unique_class` names),
    /// normalized once: the unique rule compares them for every list.
    unique_names: FxHashMap<&'db str, String>,
    /// Names already resolved, by everything resolving looks at ([`resolution_key`]): the
    /// card's position in its kind's list. A corpus repeats the same names at the same
    /// costs, and working one out (its keys looked up, the candidates narrowed, a
    /// qualifier normalized) cost about ten times this one look-up.
    resolved: RwLock<FxHashMap<Box<[u8]>, Option<usize>>>,
}

/// Which kind of card a name is resolved as: part of [`resolution_key`].
#[derive(Clone, Copy)]
enum Kind {
    Ship = 1,
    Squadron,
    Upgrade,
    Objective,
}

/// Everything [`pick`] looks at, as bytes, written into `key`: the kind, the hints (the
/// legal sources as a set: only membership is asked) and every field of the name, each
/// length-prefixed so two different names never give one key.
fn resolution_key(key: &mut Vec<u8>, kind: Kind, name: &CardName, hints: &Hints<'_>) {
    let legal = Source::ALL
        .iter()
        .enumerate()
        .filter(|(_, s)| hints.legal_sources.contains(s))
        .fold(0u16, |set, (i, _)| set | 1 << i);
    let [legal_low, legal_high] = legal.to_le_bytes();
    let (stated_given, stated) = match hints.stated_points {
        Some(points) => (1, points),
        None => (0, 0),
    };
    key.clear();
    key.extend_from_slice(&[
        kind as u8,
        hints.faction.map_or(0, |f| f as u8 + 1),
        hints.slot.map_or(0, |s| s as u8 + 1),
        legal_low,
        legal_high,
        stated_given,
    ]);
    key.extend_from_slice(&stated.to_le_bytes());
    let mut field = |text: Option<&str>| match text {
        Some(text) => {
            key.extend_from_slice(&(text.len() + 1).to_le_bytes());
            key.extend_from_slice(text.as_bytes());
        }
        None => key.extend_from_slice(&0usize.to_le_bytes()),
    };
    field(Some(&name.text));
    field(name.qualifier.as_ref().map(|t| t.text.as_str()));
    field(name.variant.as_ref().map(|t| t.text.as_str()));
    field(name.source_tag.as_ref().map(|t| t.text.as_str()));
    for part in &name.parts {
        field(Some(&part.text));
    }
}

thread_local! {
    /// The buffer each thread writes its resolution keys into (one allocation per thread,
    /// not one per name).
    static RESOLUTION_KEY: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

impl<'db> CardIndex<'db> {
    pub fn new(cards: &'db ArmadaCards) -> Self {
        // Indexing the names is most of a one-list run's start-up after the data is read:
        // the upgrades and objectives are indexed on a second thread while this one does
        // the rest (where no thread can be started, one after the other).
        let upgrades_and_objectives = || {
            (
                NameIndex::new(cards.upgrades.iter().map(|l| &l.value)),
                NameIndex::new(cards.objectives.iter().map(|l| &l.value)),
            )
        };
        // A run without Armada lists has no Armada cards loaded: no thread for nothing.
        let worth_a_thread = !(cards.upgrades.is_empty() && cards.objectives.is_empty());
        std::thread::scope(|scope| {
            let other = worth_a_thread
                .then(|| {
                    std::thread::Builder::new()
                        .name("armada-index".into())
                        .spawn_scoped(scope, upgrades_and_objectives)
                        .ok()
                })
                .flatten();
            let ships = NameIndex::new(cards.ships.iter().map(|l| &l.value));
            let squadrons = NameIndex::new(cards.squadrons.iter().map(|l| &l.value));
            let prices = card_prices(cards);
            let unique_names = unique_names(cards);
            let (upgrades, objectives) = match other {
                Some(thread) => thread
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                None => upgrades_and_objectives(),
            };
            CardIndex {
                cards,
                ships,
                squadrons,
                upgrades,
                objectives,
                suggestions: RwLock::new(HashMap::new()),
                prices,
                unique_names,
                resolved: RwLock::new(FxHashMap::default()),
            }
        })
    }

    /// A unique card's clash name normalized, as written in the card data (`None` for a
    /// name no unique card has).
    pub fn normalized(&self, clash_name: &str) -> Option<&str> {
        self.unique_names.get(clash_name).map(String::as_str)
    }

    /// The card's cost in the card data, by the id of its current printing.
    pub fn current_cost(&self, id: &str) -> Option<u32> {
        self.prices.get(id).and_then(|p| p.current).map(u32::from)
    }

    /// The card's current cost and its costs in each points revision, by the id of its
    /// current printing.
    pub fn prices(&self, id: &str) -> Option<&CardPrices<'db>> {
        self.prices.get(id)
    }

    /// The help for an unknown name of `kind` (`ship`, `upgrade` …): the closest names of
    /// that kind, or `otherwise` when none is close.
    pub fn suggest(&self, kind: &'static str, written: &str, otherwise: &str) -> String {
        let key = (kind, written.to_string());
        if let Ok(memo) = self.suggestions.read()
            && let Some(help) = memo.get(&key)
        {
            return help.clone();
        }
        let names: Vec<&str> = match kind {
            "ship" => self.ship_names().collect(),
            "squadron" => self.squadron_names().collect(),
            "objective" => self.objective_names().collect(),
            _ => self.upgrade_names().collect(),
        };
        let help = crate::text::did_you_mean(written, names, otherwise);
        if let Ok(mut memo) = self.suggestions.write()
            && memo.len() < MEMO_CAPACITY
        {
            memo.insert(key, help.clone());
        }
        help
    }

    pub fn ship(&self, name: &CardName, hints: &Hints<'_>) -> Option<&'db Ship> {
        self.resolve(
            Kind::Ship,
            &self.ships,
            &self.cards.ships,
            name,
            hints,
            |_| true,
        )
    }

    pub fn squadron(&self, name: &CardName, hints: &Hints<'_>) -> Option<&'db Squadron> {
        self.resolve(
            Kind::Squadron,
            &self.squadrons,
            &self.cards.squadrons,
            name,
            hints,
            |_| true,
        )
    }

    pub fn upgrade(&self, name: &CardName, hints: &Hints<'_>) -> Option<&'db Upgrade> {
        let slot = hints.slot;
        self.resolve(
            Kind::Upgrade,
            &self.upgrades,
            &self.cards.upgrades,
            name,
            hints,
            |u| slot.is_none_or(|s| u.slots.contains(&s)),
        )
    }

    pub fn objective(&self, name: &CardName, hints: &Hints<'_>) -> Option<&'db Objective> {
        self.resolve(
            Kind::Objective,
            &self.objectives,
            &self.cards.objectives,
            name,
            hints,
            |_| true,
        )
    }

    /// The card `name` is, remembered by everything that decides it.
    fn resolve<T: Resolvable>(
        &self,
        kind: Kind,
        index: &NameIndex,
        cards: &'db [Located<T>],
        name: &CardName,
        hints: &Hints<'_>,
        fits_kind: impl Fn(&T) -> bool,
    ) -> Option<&'db T> {
        let (known, key) = RESOLUTION_KEY.with_borrow_mut(|key| {
            resolution_key(key, kind, name, hints);
            let memo = self.resolved.read().ok();
            match memo.and_then(|memo| memo.get(key.as_slice()).copied()) {
                Some(at) => (Some(at), None),
                None => (None, Some(Box::<[u8]>::from(key.as_slice()))),
            }
        });
        let at = match (known, key) {
            (Some(at), _) => at,
            (None, key) => {
                let at = pick(index, cards, name, hints, fits_kind);
                if let (Some(key), Ok(mut memo)) = (key, self.resolved.write())
                    && memo.len() < MEMO_CAPACITY
                {
                    memo.insert(key, at);
                }
                at
            }
        };
        cards.get(at?).map(|c| &c.value)
    }

    /// Names of the kind for `did you mean`.
    pub fn ship_names(&self) -> impl Iterator<Item = &str> {
        self.ships.display.iter().map(String::as_str)
    }
    pub fn squadron_names(&self) -> impl Iterator<Item = &str> {
        self.squadrons.display.iter().map(String::as_str)
    }
    pub fn upgrade_names(&self) -> impl Iterator<Item = &str> {
        self.upgrades.display.iter().map(String::as_str)
    }
    pub fn objective_names(&self) -> impl Iterator<Item = &str> {
        self.objectives.display.iter().map(String::as_str)
    }
}

/// The cards a name may be, by the first key that finds any, most specific first: the
/// name with its qualifier (some nicknames include it: `Darth Vader (Officer)`), the name,
/// then each ` - ` part.
fn find(index: &NameIndex, name: &CardName) -> Option<Found> {
    let with_qualifier = name
        .qualifier
        .as_ref()
        .map(|q| format!("{} ({})", name.text, q.text));
    with_qualifier
        .as_deref()
        .into_iter()
        .chain([name.text.as_str()])
        .chain(name.parts.iter().map(|p| p.text.as_str()))
        .find_map(|key| index.lookup(key))
}

/// The position in `cards` of the card `name` is: the candidates its keys find, narrowed
/// by what the list says around it.
fn pick<T: Resolvable>(
    index: &NameIndex,
    cards: &[Located<T>],
    name: &CardName,
    hints: &Hints<'_>,
    fits_kind: impl Fn(&T) -> bool,
) -> Option<usize> {
    let found = find(index, name)?;
    let mut candidates: SmallVec<[Candidate<'_, T>; 4]> = found
        .iter()
        .filter_map(|&i| cards.get(i).map(|c| Candidate(i, &c.value)))
        .collect();
    narrow(&mut candidates, |c| fits_kind(c));
    if let Some(variant) = name.variant.as_ref().and_then(|v| variant_faction(&v.text)) {
        narrow(&mut candidates, |c| c.fits_faction(variant));
    }
    if let Some(q) = &name.qualifier {
        let q = normalize(&q.text);
        narrow(&mut candidates, |c| c.context().contains(&q));
    }
    if let Some(tag) = name.source_tag.as_ref().and_then(|t| tag_source(&t.text)) {
        narrow(&mut candidates, |c| c.source() == tag);
    }
    if let Some(faction) = hints.faction {
        narrow(&mut candidates, |c| c.fits_faction(faction));
    }
    // Stated points come before currency: a list priced at the older printing's cost
    // was built with that printing.
    if let Some(points) = hints.stated_points {
        narrow(&mut candidates, |c| u32::from(c.points()) == points);
    }
    narrow(&mut candidates, |c| {
        hints.legal_sources.contains(&c.source())
    });
    narrow(&mut candidates, |c| !c.is_superseded());
    // A content pack's revision that survived the legal-source filter stands in for the
    // card it replaces.
    if candidates
        .iter()
        .any(|c| hints.legal_sources.contains(&c.1.source()))
    {
        narrow(&mut candidates, |c| c.is_pack_revision());
    }
    candidates.first().map(|c| c.0)
}

/// A card that a name may be, with its position in its kind's list.
struct Candidate<'db, T>(usize, &'db T);

/// Keep the candidates that pass `keep`, unless none does: a hint that rules out every
/// card is a hint we cannot use, not a reason to lose the name.
fn narrow<T>(candidates: &mut SmallVec<[Candidate<'_, T>; 4]>, keep: impl Fn(&T) -> bool) {
    if candidates.iter().any(|c| keep(c.1)) {
        candidates.retain(|c| keep(c.1));
    }
}

/// The faction a `{…}` variant names.
pub fn variant_faction(text: &str) -> Option<Faction> {
    match normalize(text).as_str() {
        "cis" | "sep" | "separatist" => Some(Faction::Separatist),
        "gar" | "rep" | "republic" => Some(Faction::Republic),
        "imp" | "empire" | "imperial" => Some(Faction::Empire),
        "reb" | "rebel" | "rebels" => Some(Faction::Rebel),
        "nr" | "new republic" => Some(Faction::NewRepublic),
        _ => None,
    }
}

/// The content source a `[…]` tag names.
fn tag_source(text: &str) -> Option<Source> {
    match squash(text).as_str() {
        "legacy" => Some(Source::Legacy),
        "legacybeta" | "beta" => Some(Source::LegacyBeta),
        "oldlegacy" => Some(Source::OldLegacy),
        "legends" => Some(Source::Legends),
        "nexus" => Some(Source::Nexus),
        "arc" => Some(Source::Arc),
        "amg" => Some(Source::Amg),
        "ffg" => Some(Source::Ffg),
        _ => None,
    }
}
