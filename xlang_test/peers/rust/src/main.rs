//! Rust peer (crate fory 1.7.7) for the fury-go cross-language tests.
//!
//!   xlang-peer list                  print the case names
//!   xlang-peer write DIR [CASE...]   serialize each case to DIR/<case>.bin
//!   xlang-peer verify DIR [CASE...]  read DIR/<case>.bin with the case's reader type, compare it
//!                                    with the value this peer builds, print "PASS <case>" or
//!                                    "FAIL <case>: <reason>", write what it read to
//!                                    DIR/<case>.out.bin; exit status 1 if any case failed
//!
//! The case names are shared with the Python and Java peers (xlang_test/CASES.md); the
//! `rust_*` cases exist only here.

mod cases;
mod graphs;
mod probes;
mod types;

use fory::{Error, Fory, Serializer};
use std::fmt::Debug;
use std::path::Path;

/// Registrations applied to a fresh Fory.
pub type Regs = fn(&mut Fory) -> Result<(), Error>;

pub fn no_regs(_: &mut Fory) -> Result<(), Error> {
    Ok(())
}

/// One case: how to write the peer's value and how to check bytes read.
pub struct Case {
    pub name: String,
    pub write: Box<dyn Fn() -> Result<Vec<u8>, String>>,
    pub verify: Box<dyn Fn(&[u8]) -> Result<Vec<u8>, String>>,
}

/// The settings of a case: schema-consistent or compatible, reference tracking.
#[derive(Clone, Copy)]
pub struct Cfg {
    pub compatible: bool,
    pub ref_tracking: bool,
}

pub const COMPAT: Cfg = Cfg { compatible: true, ref_tracking: false };
pub const SC: Cfg = Cfg { compatible: false, ref_tracking: false };

impl Cfg {
    pub fn sc(sc: bool) -> Cfg {
        Cfg { compatible: !sc, ref_tracking: false }
    }
    pub fn with_ref(self) -> Cfg {
        Cfg { ref_tracking: true, ..self }
    }
}

pub fn new_fory(cfg: Cfg, regs: Regs) -> Result<Fory, String> {
    let mut f = Fory::builder()
        .xlang(true)
        .compatible(cfg.compatible)
        .track_ref(cfg.ref_tracking)
        .build();
    regs(&mut f).map_err(|e| format!("register: {e}"))?;
    Ok(f)
}

/// Compares two values by their Debug form: NaN equals NaN, -0.0 differs
/// from 0.0, maps and sets are BTree* so the order is the key order.
pub fn same<T: Debug>(want: &T, got: &T) -> Result<(), String> {
    let (w, g) = (format!("{want:?}"), format!("{got:?}"));
    if w == g {
        Ok(())
    } else {
        Err(format!("value differs: want {}, got {}", short(&w), short(&g)))
    }
}

fn short(s: &str) -> String {
    if s.len() <= 600 {
        s.to_string()
    } else {
        let mut end = 600;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}... ({} chars)", &s[..end], s.len())
    }
}

/// Builds a case that writes T with `wregs` and reads U with `rregs`,
/// checking what it read with `check`.
pub fn case_with<T, U>(
    name: impl Into<String>,
    cfg: Cfg,
    wregs: Regs,
    rregs: Regs,
    value: impl Fn() -> T + 'static,
    check: impl Fn(&U) -> Result<(), String> + 'static,
) -> Case
where
    T: Serializer<Target = T> + 'static,
    U: Serializer<Target = U> + 'static,
{
    Case {
        name: name.into(),
        write: Box::new(move || {
            let f = new_fory(cfg, wregs)?;
            f.serialize(&value()).map_err(|e| format!("serialize: {e}"))
        }),
        verify: Box::new(move |data| {
            let f = new_fory(cfg, rregs)?;
            let got: U = f.deserialize(data).map_err(|e| format!("deserialize: {e}"))?;
            check(&got)?;
            f.serialize(&got).map_err(|e| format!("re-serialize what was read: {e}"))
        }),
    }
}

/// A case whose writer and reader use the same type and registrations.
pub fn case<T>(name: impl Into<String>, cfg: Cfg, regs: Regs, value: fn() -> T) -> Case
where
    T: Serializer<Target = T> + Debug + 'static,
{
    case_with(name, cfg, regs, regs, value, move |got: &T| same(&value(), got))
}

/// A case that checks more than the Debug form (reference identity).
pub fn case_check<T>(
    name: impl Into<String>,
    cfg: Cfg,
    regs: Regs,
    value: fn() -> T,
    check: fn(&T) -> Result<(), String>,
) -> Case
where
    T: Serializer<Target = T> + 'static,
{
    case_with(name, cfg, regs, regs, value, check)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let all = cases::cases();
    if args.len() < 2 {
        eprintln!("usage: xlang-peer list | write DIR [CASE...] | verify DIR [CASE...]");
        std::process::exit(2);
    }
    match args[1].as_str() {
        "list" => {
            for c in &all {
                println!("{}", c.name);
            }
        }
        "write" | "verify" if args.len() >= 3 => {
            let dir = Path::new(&args[2]);
            let wanted: Vec<&String> = args[3..].iter().collect();
            let mut failed = false;
            for c in &all {
                if !wanted.is_empty() && !wanted.iter().any(|w| **w == c.name) {
                    continue;
                }
                let res = if args[1] == "write" {
                    (c.write)().and_then(|b| {
                        std::fs::write(dir.join(format!("{}.bin", c.name)), b).map_err(|e| e.to_string())
                    })
                } else {
                    let input = dir.join(format!("{}.bin", c.name));
                    if wanted.is_empty() && !input.exists() {
                        continue;
                    }
                    std::fs::read(&input)
                        .map_err(|e| format!("read {}: {e}", input.display()))
                        .and_then(|data| {
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (c.verify)(&data)))
                                .unwrap_or_else(|p| Err(format!("panic: {}", panic_text(&p))))
                        })
                        .and_then(|out| {
                            std::fs::write(dir.join(format!("{}.out.bin", c.name)), out)
                                .map_err(|e| e.to_string())
                        })
                };
                match res {
                    Ok(()) => println!("PASS {}", c.name),
                    Err(e) => {
                        failed = true;
                        println!("FAIL {}: {}", c.name, e.replace('\n', " "));
                    }
                }
            }
            if failed {
                std::process::exit(1);
            }
        }
        _ => {
            eprintln!("usage: xlang-peer list | write DIR [CASE...] | verify DIR [CASE...]");
            std::process::exit(2);
        }
    }
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_string()
    }
}
