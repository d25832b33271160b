//! `resolve --output html`: the resolution as pictures, one frame per turn, impulse or
//! step, each with its steps and their rule citations as text. Without script every frame
//! shows, in order (and so it prints); the script shows one at a time with previous/next
//! buttons, a slider and the arrow keys. `resolve --output svg`: one frame's drawing alone.

use super::escape::{attribute, escape, push_escaped};
use super::page::{foot, head};
use super::svg::SVG_CSS;
use super::{queue, spacealert, talon};
use crate::report::picture::{Frame, FrameKey, Scene, Story};

const CSS: &str = r#".js .frame{display:none}.js .frame.current,.js.all .frame{display:block}
.frame{border-top:2px solid var(--line);padding-top:.4rem;margin-top:.6rem}
.frame h2 .muted{font-weight:normal;font-size:.9rem}
figure{margin:.4rem 0;overflow-x:auto}
ol.steps{padding-left:2.4rem;margin:.3rem 0}
ol.steps li{margin:.35rem 0}
ol.steps p{margin:0}
.rule{color:var(--muted);font-size:.9rem}.rule::before{content:"§ "}
.choice{border-left:4px dashed var(--orange);padding-left:.4rem}
.legend{font-size:.9rem;color:var(--muted)}
#nav input[type=range]{flex:1;min-width:10rem}
@media print{.frame{display:block!important}figure{break-inside:avoid}}
"#;

const SCRIPT: &str = r#"var root=document.documentElement,list=document.getElementById('frames');
var frames=Array.prototype.slice.call(list.querySelectorAll(':scope > .frame'));
var nav=document.getElementById('nav'),slider=document.getElementById('slider'),prev=document.getElementById('prev'),next=document.getElementById('next'),where=document.getElementById('where'),all=document.getElementById('all');
var at=(parseInt(list.getAttribute('data-start'),10)||1)-1;
var hash=/^#frame-(\d+)$/.exec(location.hash);if(hash){at=parseInt(hash[1],10)-1;}
function show(i){at=Math.max(0,Math.min(frames.length-1,i));
frames.forEach(function(f,j){f.classList.toggle('current',j===at);});
slider.value=String(at+1);prev.disabled=at===0;next.disabled=at===frames.length-1;
where.textContent='Picture '+(at+1)+' of '+frames.length+': '+frames[at].getAttribute('data-heading');}
if(frames.length>0){
prev.addEventListener('click',function(){show(at-1);});
next.addEventListener('click',function(){show(at+1);});
slider.addEventListener('input',function(){show(parseInt(slider.value,10)-1);});
all.addEventListener('change',function(){root.classList.toggle('all',all.checked);});
document.addEventListener('keydown',function(e){if(e.target===slider||e.altKey||e.ctrlKey||e.metaKey){return;}if(e.key==='ArrowLeft'){show(at-1);}else if(e.key==='ArrowRight'){show(at+1);}});
root.classList.add('js');nav.hidden=false;show(at);}"#;

/// The whole page; `start` (1-based) is the picture the script opens on.
pub fn page(story: &Story, start: Option<usize>) -> String {
    let count = story.frames.len();
    let start = start.unwrap_or(1).clamp(1, count.max(1));
    let mut css = String::from(CSS);
    css.push_str(SVG_CSS);
    let mut out = head(&format!("{} — arbiter resolve", story.title), &css);
    out.push_str("<div class=\"page\">\n");
    push_header(&mut out, story);
    out.push_str(&format!(
        "<nav id=\"nav\" class=\"controls\" hidden aria-label=\"Pictures\"><button type=\"button\" id=\"prev\">◀ Previous</button><input type=\"range\" id=\"slider\" min=\"1\" max=\"{count}\" value=\"{start}\" aria-label=\"Picture\"><button type=\"button\" id=\"next\">Next ▶</button><span id=\"where\" aria-live=\"polite\"></span><label><input type=\"checkbox\" id=\"all\"> show all</label></nav>\n"
    ));
    if let Some(legend) = legend(story) {
        out.push_str(&format!("<p class=\"legend\">{legend}</p>\n"));
    }
    if story
        .frames
        .iter()
        .any(|f| matches!(f.scene, Scene::Queue(_)))
    {
        out.push_str("<figure class=\"overview\">");
        out.push_str(&queue::overview(&story.frames, false));
        out.push_str("</figure>\n");
    }
    out.push_str(&format!("<main id=\"frames\" data-start=\"{start}\">\n"));
    for i in 0..story.frames.len() {
        push_frame(&mut out, story, i);
    }
    out.push_str("</main>\n");
    if !story.final_state.is_empty() {
        out.push_str("<section class=\"final\"><h2>After the last step</h2><ul>\n");
        for line in &story.final_state {
            out.push_str(&format!("<li>{}</li>\n", escape(line)));
        }
        out.push_str("</ul></section>\n");
    }
    out.push_str("</div>\n");
    out.push_str(&foot(SCRIPT));
    out
}

fn push_header(out: &mut String, story: &Story) {
    out.push_str("<header><h1>");
    push_escaped(out, &story.title);
    out.push_str("</h1>\n<p class=\"muted\"><code>");
    push_escaped(out, &story.kind);
    out.push_str("</code></p>\n");
    if let Some(question) = &story.question {
        out.push_str(&format!("<p><b>Question:</b> {}</p>\n", escape(question)));
    }
    if let Some(source) = &story.source {
        out.push_str(&format!("<p><b>Discussed in:</b> {}</p>\n", escape(source)));
    }
    out.push_str("</header>\n");
}

/// How to read the drawings, by what the first frame draws.
fn legend(story: &Story) -> Option<&'static str> {
    Some(match story.frames.first().map(|f| &f.scene)? {
        Scene::Ship(_) => {
            "How to read: crew are circles with their initial (an android a square), one colour per seat, named below; an R box: battle bots (struck: disabled); knocked out: faded and crossed. Rows of boxes per zone: shield and reactor energy filled, damage crossed. Trajectories run from the ship (space 1, left) outwards, X, Y and Z marked by letter; orange circles: external threats, pink diamonds: internal threats (also in the stations they occupy), by token number."
        }
        Scene::Map(_) => {
            "How to read: Terran ships are swept arrows (blue), Talon ships kites (vermillion), pointing where they face; a wreck is dashed and crossed. The sides of a ship's hex show its shields: solid green: boxes left in that arc, dashed: arc down. A dashed line and a small circle: where the ship came from. Shots are numbered lines with an arrowhead: solid: hit, dashed: miss, dotted: not allowed; the lines under the map say what each did. Terrain hexes are shaded and labelled: ast(eroids), neb(ula), planet, BH (black hole), WH (wormhole); a missile is a small yellow triangle pointing where it flies, with its id."
        }
        Scene::Queue(_) => {
            "How to read: one frame per step. The queue after the step runs front first, left to right; a thick border and “+ new”: it entered at this step; struck through below: it left (resolved or removed). An orange node: a choice point (the first legal option was taken)."
        }
    })
}

fn push_frame(out: &mut String, story: &Story, i: usize) {
    let Some(frame) = story.frames.get(i) else {
        return;
    };
    let n = i + 1;
    let (name, value) = frame.key.attribute();
    let heading = frame.key.heading();
    out.push_str(&format!(
        "<section class=\"frame\" id=\"frame-{n}\" {name}=\"{}\" data-heading=\"{}\" aria-labelledby=\"frame-{n}-h\">\n<h2 id=\"frame-{n}-h\">{} <span class=\"muted\">(picture {n} of {})</span></h2>\n<figure>",
        attribute(&value),
        attribute(&heading),
        escape(&heading),
        story.frames.len()
    ));
    out.push_str(&drawing(story, i, &format!("f{n}"), false));
    out.push_str("</figure>\n");
    push_steps(out, frame);
    out.push_str("</section>\n");
}

fn push_steps(out: &mut String, frame: &Frame) {
    if frame.steps.is_empty() {
        out.push_str(match frame.key {
            FrameKey::Phase(..) => {
                "<p class=\"muted\">No step: the situation as the scenario sets it.</p>\n"
            }
            _ => "<p class=\"muted\">No step: nothing happens here.</p>\n",
        });
        return;
    }
    out.push_str("<ol class=\"steps\">\n");
    for step in &frame.steps {
        let class = if step.choice_point {
            " class=\"choice\""
        } else {
            ""
        };
        out.push_str(&format!("<li value=\"{}\"{class}><p><b>", step.n));
        push_escaped(out, &step.event);
        out.push_str("</b>: ");
        push_escaped(out, &step.outcome);
        out.push_str("</p>");
        if step.choice_point {
            out.push_str("<p><i>Choice point: the scenario did not give this choice, so the first legal option was taken.</i></p>");
        }
        out.push_str(&format!(
            "<p class=\"rule\">{}</p></li>\n",
            escape(&step.rule)
        ));
    }
    out.push_str("</ol>\n");
}

/// The drawing of frame `i`.
fn drawing(story: &Story, i: usize, id: &str, standalone: bool) -> String {
    let Some(frame) = story.frames.get(i) else {
        return String::new();
    };
    let heading = format!("{} — {}", story.title, frame.key.heading());
    match &frame.scene {
        Scene::Ship(board) => spacealert::draw(board, id, &heading, standalone),
        Scene::Map(board) => talon::draw(board, id, &heading, standalone),
        Scene::Queue(_) => queue::draw(&story.frames, i, id, &heading, standalone),
    }
}

/// Picture `step` (1-based; the last when `None`) as an SVG file of its own.
pub fn standalone_svg(story: &Story, step: Option<usize>) -> Result<String, String> {
    let count = story.frames.len();
    if count == 0 {
        return Err("this trace has no picture".to_string());
    }
    let n = step.unwrap_or(count);
    if n == 0 || n > count {
        return Err(format!(
            "--step {n}: this trace has {count} picture{} (1 to {count}; the same numbers as the HTML page's slider)",
            if count == 1 { "" } else { "s" }
        ));
    }
    Ok(drawing(story, n - 1, "pic", true))
}
