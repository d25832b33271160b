//! A card's ability text as the timing patterns read it: lower-case words, icons (`[Boost]`
//! → `boost`, `[Barrel Roll]` → `barrel-roll`) and punctuation, cut into sentences. Nothing
//! read here is kept: the patterns turn it into facts.

/// One piece of an ability text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    Word(String),
    /// An icon written in brackets, kebab-case.
    Icon(String),
    Comma,
    Colon,
}

/// The sentences of an ability text.
pub fn sentences(text: &str) -> Vec<Vec<Tok>> {
    let mut out = vec![Vec::new()];
    let mut tokens = Vec::new();
    tokenize(text, &mut tokens);
    for t in tokens {
        match t {
            None => out.push(Vec::new()),
            Some(t) => {
                if let Some(last) = out.last_mut() {
                    last.push(t);
                }
            }
        }
    }
    out.retain(|s| !s.is_empty());
    out
}

/// Tokens of `text`; `None` ends a sentence.
fn tokenize(text: &str, out: &mut Vec<Option<Tok>>) {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<Option<Tok>>| {
        if !word.is_empty() {
            out.push(Some(Tok::Word(std::mem::take(word))));
        }
    };
    while let Some(&c) = chars.get(i) {
        match c {
            '[' => {
                flush(&mut word, out);
                let end = closing(&chars, i);
                let inner: String = chars.get(i + 1..end).unwrap_or_default().iter().collect();
                if inner.contains('[') {
                    tokenize(&inner, out);
                } else {
                    out.push(Some(Tok::Icon(kebab(&inner))));
                }
                i = end;
            }
            '.' if !chars.get(i + 1).is_some_and(char::is_ascii_digit) => {
                flush(&mut word, out);
                out.push(None);
            }
            ',' | ';' => {
                flush(&mut word, out);
                out.push(Some(Tok::Comma));
            }
            ':' => {
                flush(&mut word, out);
                out.push(Some(Tok::Colon));
            }
            '/' => {
                flush(&mut word, out);
                out.push(Some(Tok::Word("or".into())));
            }
            c if c.is_alphanumeric() || c == '-' || c == '\'' || c == '’' => {
                word.extend(c.to_lowercase());
            }
            _ => flush(&mut word, out),
        }
        i += 1;
    }
    flush(&mut word, out);
}

/// The index of the `]` closing the `[` at `open` (the end of the text when unclosed).
fn closing(chars: &[char], open: usize) -> usize {
    let mut depth = 0;
    for (i, &c) in chars.iter().enumerate().skip(open) {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    chars.len()
}

fn kebab(text: &str) -> String {
    text.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// Reads a sentence from the front: each helper consumes what it matches, or nothing.
#[derive(Debug, Clone, Copy)]
pub struct Cursor<'a> {
    toks: &'a [Tok],
    pub at: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(toks: &'a [Tok]) -> Self {
        Cursor { toks, at: 0 }
    }

    pub fn peek(&self) -> Option<&'a Tok> {
        self.toks.get(self.at)
    }

    pub fn done(&self) -> bool {
        self.at >= self.toks.len()
    }

    pub fn rest(&self) -> &'a [Tok] {
        self.toks.get(self.at..).unwrap_or_default()
    }

    /// The next word, whatever it is.
    pub fn any_word(&mut self) -> Option<&'a str> {
        match self.peek() {
            Some(Tok::Word(w)) => {
                self.at += 1;
                Some(w)
            }
            _ => None,
        }
    }

    /// The words of `phrase`, all of them or none.
    pub fn words(&mut self, phrase: &str) -> bool {
        let mut probe = *self;
        for expected in phrase.split_whitespace() {
            match probe.peek() {
                Some(Tok::Word(w)) if w == expected => probe.at += 1,
                _ => return false,
            }
        }
        *self = probe;
        true
    }

    /// The first of `phrases` that matches.
    pub fn one_of(&mut self, phrases: &[&'static str]) -> Option<&'static str> {
        phrases.iter().copied().find(|p| self.words(p))
    }

    pub fn icon(&mut self) -> Option<&'a str> {
        match self.peek() {
            Some(Tok::Icon(i)) => {
                self.at += 1;
                Some(i)
            }
            _ => None,
        }
    }

    pub fn comma(&mut self) -> bool {
        self.tok(&Tok::Comma)
    }

    pub fn colon(&mut self) -> bool {
        self.tok(&Tok::Colon)
    }

    fn tok(&mut self, t: &Tok) -> bool {
        if self.peek() == Some(t) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// A count: `1`, `2`, `a`, `an`, `one`, `two`.
    pub fn count(&mut self) -> Option<u32> {
        let mut probe = *self;
        let n = match probe.any_word()? {
            "a" | "an" | "one" => 1,
            "two" => 2,
            w => w.parse().ok()?,
        };
        *self = probe;
        Some(n)
    }

    /// A range band: `1` or `0-2`.
    pub fn band(&mut self) -> Option<(u8, u8)> {
        let mut probe = *self;
        let w = probe.any_word()?;
        let band = match w.split_once('-') {
            Some((a, b)) => (a.parse().ok()?, b.parse().ok()?),
            None => {
                let n = w.parse().ok()?;
                (n, n)
            }
        };
        *self = probe;
        Some(band)
    }

    /// Skips to just after the next comma; `false` (nothing consumed) when there is none.
    pub fn past_comma(&mut self) -> bool {
        match self.rest().iter().position(|t| *t == Tok::Comma) {
            Some(i) => {
                self.at += i + 1;
                true
            }
            None => false,
        }
    }

    /// Whether the rest of the sentence has the word.
    pub fn ahead(&self, word: &str) -> bool {
        self.rest()
            .iter()
            .any(|t| matches!(t, Tok::Word(w) if w == word))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icons_words_and_sentences() {
        let s = sentences(
            "After you perform a [Barrel Roll] or [Boost] action, gain 1 focus token. Then, roll [[Bank Left] or [Bank Right]].",
        );
        assert_eq!(s.len(), 2);
        assert_eq!(s[0][4], Tok::Icon("barrel-roll".into()));
        assert_eq!(s[0][7], Tok::Word("action".into()));
        assert_eq!(s[0][8], Tok::Comma);
        assert!(s[1].contains(&Tok::Icon("bank-left".into())));
        let mut c = Cursor::new(&s[0]);
        assert!(c.words("after you perform"));
        assert!(!c.words("an action"));
        assert_eq!(c.count(), Some(1));
        assert_eq!(c.icon(), Some("barrel-roll"));
    }

    #[test]
    fn a_decimal_point_does_not_end_a_sentence() {
        assert_eq!(sentences("Range 1.5 is fine. Next.").len(), 2);
    }
}
