//! A small SVG writer: numbers printed short, every text escaped, a title and description
//! on every drawing (screen readers read them; the page shows the same facts as text).

use super::escape::push_escaped;

/// Classes the drawings use; a page includes them once, a standalone SVG in its `<style>`.
pub const SVG_CSS: &str = r#"svg.pic{max-width:100%;height:auto;background:#fff}
svg.pic text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;font-size:12px;fill:#1a1a1a}
svg.pic .small{font-size:10px}svg.pic .big{font-size:15px;font-weight:bold}svg.pic .b{font-weight:bold}
svg.pic .mid{text-anchor:middle}svg.pic .muted{fill:#666}svg.pic .end{text-anchor:end}
svg.pic .frame{fill:none;stroke:#1a1a1a;stroke-width:1.5}
svg.pic .room{fill:#fafafa;stroke:#1a1a1a;stroke-width:1}
svg.pic .box{fill:#fff;stroke:#1a1a1a;stroke-width:1}
svg.pic .z-red{fill:#D55E00}svg.pic .z-white{fill:#d9d9d9}svg.pic .z-blue{fill:#0072B2}
svg.pic .on-dark{fill:#fff}
svg.pic .shield{fill:#56B4E9;stroke:#1a1a1a}svg.pic .reactor{fill:#F0E442;stroke:#1a1a1a}
svg.pic .hurt{fill:#D55E00;stroke:#1a1a1a}svg.pic .cross{stroke:#1a1a1a;stroke-width:1.5}
svg.pic .cell{fill:#fff;stroke:#777}svg.pic .cell-x{fill:#fde9c4;stroke:#777}svg.pic .cell-y{fill:#f6d2c2;stroke:#777}svg.pic .cell-z{fill:#e6c9dc;stroke:#777}
svg.pic .threat{fill:#E69F00;stroke:#1a1a1a;stroke-width:1.2}svg.pic .inside{fill:#CC79A7;stroke:#1a1a1a;stroke-width:1.2}
svg.pic .c0{fill:#E69F00}svg.pic .c1{fill:#56B4E9}svg.pic .c2{fill:#009E73}svg.pic .c3{fill:#F0E442}svg.pic .c4{fill:#CC79A7}
svg.pic .crew{stroke:#1a1a1a;stroke-width:1.2}svg.pic .out{opacity:.45}
svg.pic .lost{fill:#fff3ec;stroke:#D55E00;stroke-width:2}
svg.pic .hex{fill:#fff;stroke:#c8c8c8}svg.pic .hexlabel{font-size:8px;fill:#8a8a8a}
svg.pic .terrain{fill:#e8e1d0;stroke:#8a7a55}svg.pic .nebula{fill:#e6dcef;stroke:#7b5a94}svg.pic .planet{fill:#d4e8d4;stroke:#3f7a3f}svg.pic .blackhole{fill:#a0a0a0;stroke:#000}svg.pic .wormhole{fill:#d6eef2;stroke:#2b7a8a}
svg.pic .terran{fill:#0072B2;stroke:#1a1a1a;stroke-width:1.2}svg.pic .talon{fill:#D55E00;stroke:#1a1a1a;stroke-width:1.2}svg.pic .nobody{fill:#999;stroke:#1a1a1a}
svg.pic .wreck{fill:#fff;stroke:#1a1a1a;stroke-dasharray:3 2}
svg.pic .ghost{fill:none;stroke:#1a1a1a;stroke-dasharray:2 3;opacity:.6}
svg.pic .path{fill:none;stroke:#1a1a1a;stroke-width:1.5;stroke-dasharray:5 3}
svg.pic .up{stroke:#009E73;stroke-width:4}svg.pic .down{stroke:#D55E00;stroke-width:2;stroke-dasharray:3 3}
svg.pic .hit{stroke:#D55E00;stroke-width:2.5;fill:none}svg.pic .miss{stroke:#1a1a1a;stroke-width:1.5;stroke-dasharray:6 4;fill:none}svg.pic .none{stroke:#888;stroke-width:1.2;stroke-dasharray:1 3;fill:none}
svg.pic .missile{fill:#F0E442;stroke:#1a1a1a}
svg.pic .collision{fill:none;stroke:#CC79A7;stroke-width:3}
svg.pic .q{fill:#fff;stroke:#1a1a1a}svg.pic .q-new{fill:#e3f4ee;stroke:#009E73;stroke-width:2.5}svg.pic .q-left{fill:#f3f3f3;stroke:#888;stroke-dasharray:4 3}
svg.pic .strike{stroke:#D55E00;stroke-width:1.5}
svg.pic .spine{stroke:#1a1a1a;stroke-width:2}svg.pic .node{fill:#0072B2;stroke:#1a1a1a}svg.pic .node-choice{fill:#E69F00;stroke:#1a1a1a}
"#;

/// The widest a drawing says it is: a larger one (a Talon map with ships far apart) keeps
/// its view box and is shown scaled down.
const MAX_WIDTH: f64 = 1_400.0;

/// A number as SVG wants it: at most one decimal, none when whole.
pub fn num(value: f64) -> String {
    let rounded = (value * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 {
        format!("{}", rounded as i64)
    } else {
        format!("{rounded:.1}")
    }
}

/// An SVG being written.
pub struct Svg {
    out: String,
}

impl Svg {
    /// `<svg>` with its title and description; `id` makes their ids unique on a page, and a
    /// `standalone` drawing (a file of its own) carries its styles.
    pub fn open(
        id: &str,
        (width, height): (f64, f64),
        title: &str,
        desc: &str,
        standalone: bool,
    ) -> Svg {
        let mut out = String::with_capacity(8 * 1024);
        if standalone {
            out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        }
        let scale = (MAX_WIDTH / width).min(1.0);
        out.push_str(&format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"pic\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" role=\"img\" aria-labelledby=\"{id}-t {id}-d\">\n<title id=\"{id}-t\">",
            num(width),
            num(height),
            num(width * scale),
            num(height * scale),
        ));
        push_escaped(&mut out, title);
        out.push_str(&format!("</title>\n<desc id=\"{id}-d\">"));
        push_escaped(&mut out, desc);
        out.push_str("</desc>\n");
        if standalone {
            out.push_str("<style>\n");
            out.push_str(SVG_CSS);
            out.push_str("</style>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
        }
        Svg { out }
    }

    /// Markup written as is (no input text in it).
    pub fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    /// `text` at (x, y) with `class` (`mid`, `end`, `small`, `b`…).
    pub fn text(&mut self, (x, y): (f64, f64), class: &str, text: &str) {
        self.out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" class=\"{class}\">",
            num(x),
            num(y)
        ));
        push_escaped(&mut self.out, text);
        self.out.push_str("</text>\n");
    }

    pub fn rect(&mut self, (x, y): (f64, f64), (w, h): (f64, f64), class: &str) {
        self.out.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"{class}\"/>\n",
            num(x),
            num(y),
            num(w),
            num(h)
        ));
    }

    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), class: &str) {
        self.out.push_str(&format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" class=\"{class}\"/>\n",
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        ));
    }

    pub fn circle(&mut self, (x, y): (f64, f64), r: f64, class: &str) {
        self.out.push_str(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" class=\"{class}\"/>\n",
            num(x),
            num(y),
            num(r)
        ));
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], class: &str) {
        let points: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
            .collect();
        self.out.push_str(&format!(
            "<polygon points=\"{}\" class=\"{class}\"/>\n",
            points.join(" ")
        ));
    }

    /// A row of `total` boxes from (x, y), the first `filled` of class `fill`, each crossed
    /// when `cross` (damage): a meter that needs no colour to read.
    pub fn boxes(
        &mut self,
        (x, y): (f64, f64),
        (filled, total): (u32, u32),
        fill: &str,
        cross: bool,
    ) {
        let size = 11.0;
        for i in 0..total.min(40) {
            let left = x + f64::from(i) * (size + 2.0);
            let class = if i < filled { fill } else { "box" };
            self.rect((left, y), (size, size), class);
            if cross && i < filled {
                self.line((left, y), (left + size, y + size), "cross");
                self.line((left + size, y), (left, y + size), "cross");
            }
        }
    }

    pub fn close(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(
            (num(3.0), num(2.25), num(-0.04)),
            ("3".into(), "2.3".into(), "0".into())
        );
        let mut svg = Svg::open("f1", (10.0, 10.0), "<t>", "d & e", false);
        svg.text((1.0, 2.0), "mid", "<script>");
        let out = svg.close();
        assert!(out.contains("&lt;script&gt;") && !out.contains("<script>"));
        assert!(out.contains("<title id=\"f1-t\">&lt;t&gt;</title>"));
        assert!(out.contains("d &amp; e"));
    }
}
