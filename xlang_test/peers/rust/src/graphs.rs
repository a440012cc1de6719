//! Reference-tracking cases (shared values, cycles) and the Rust-only
//! cases: Rc/Arc sharing, RcWeak back edges, trait objects, Option fields.

use crate::types::*;
use crate::{case, case_check, Case, Cfg, COMPAT};
use fory::{Error, Fory, RcWeak, Timestamp};
use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

fn s(v: &str) -> String {
    v.to_string()
}

fn modes() -> [(&'static str, bool); 2] {
    [("sc", true), ("compat", false)]
}

pub fn reg_evolve_wide(f: &mut Fory) -> Result<(), Error> {
    f.register_by_name::<EvolveWide>("example.EvolveX")?;
    f.register::<Point>(102)?;
    f.register::<Color>(101)
}

pub fn evolve_wide() -> EvolveWide {
    EvolveWide {
        x_list: vec![s("p"), s("q")],
        a: 1,
        x_map: BTreeMap::from([(s("k"), Point { x: 1, y: 2 })]),
        x_point: Point { x: 3, y: 4 },
        b: s("x"),
        x_opt: Some(s("o")),
        x_color: Color::Blue,
        x_nested: BTreeMap::from([(s("n"), vec![1, 2])]),
        x_arr: vec![5, 6],
        x_any: Box::new(Point { x: 7, y: 8 }),
    }
}

fn reg_point(f: &mut Fory) -> Result<(), Error> {
    f.register::<Point>(102)
}

fn reg_node(f: &mut Fory) -> Result<(), Error> {
    f.register::<Node>(113)
}

fn reg_some_class(f: &mut Fory) -> Result<(), Error> {
    f.register_by_name::<SomeClass>("example.SomeClass")
}

fn reg_rust(f: &mut Fory) -> Result<(), Error> {
    f.register::<Point>(102)?;
    f.register::<Color>(101)?;
    f.register::<RcPair>(120)?;
    f.register::<ArcPair>(121)?;
    f.register::<Parent>(122)?;
    f.register::<Child>(123)?;
    f.register::<Dog>(124)?;
    f.register::<Cat>(125)?;
    f.register::<Zoo>(126)?;
    f.register::<Opts>(127)?;
    f.register::<MapNulls>(128)?;
    f.register::<Chrono>(129)?;
    f.register::<PlainBytes>(130)?;
    f.register::<PlainInts>(131)
}

fn node(name: &str) -> Rc<RefCell<Node>> {
    Rc::new(RefCell::new(Node { name: s(name), ..Default::default() }))
}

/// a{children [b, c, b]}, b.next = a, b.children = [c], c.next = c,
/// c.children = [a].
fn ref_graph() -> Rc<RefCell<Node>> {
    let (a, b, c) = (node("a"), node("b"), node("c"));
    a.borrow_mut().children = vec![b.clone(), c.clone(), b.clone()];
    b.borrow_mut().next = Some(a.clone());
    b.borrow_mut().children = vec![c.clone()];
    c.borrow_mut().next = Some(c.clone());
    c.borrow_mut().children = vec![a.clone()];
    a
}

fn check_ref_graph(a: &Rc<RefCell<Node>>) -> Result<(), String> {
    let ab = a.borrow();
    if ab.name != "a" || ab.children.len() != 3 {
        return Err(format!("root: name {:?}, {} children", ab.name, ab.children.len()));
    }
    let (b, c) = (&ab.children[0], &ab.children[1]);
    if !Rc::ptr_eq(b, &ab.children[2]) {
        return Err(s("a.children[0] and a.children[2] are not the same node"));
    }
    let (bb, cb) = (b.borrow(), c.borrow());
    if bb.name != "b" || cb.name != "c" {
        return Err(format!("names {:?} {:?}", bb.name, cb.name));
    }
    if !bb.next.as_ref().is_some_and(|n| Rc::ptr_eq(n, a)) {
        return Err(s("b.next is not a"));
    }
    if bb.children.len() != 1 || !Rc::ptr_eq(&bb.children[0], c) {
        return Err(s("b.children[0] is not c"));
    }
    if !cb.next.as_ref().is_some_and(|n| Rc::ptr_eq(n, c)) {
        return Err(s("c.next is not c itself"));
    }
    if cb.children.len() != 1 || !Rc::ptr_eq(&cb.children[0], a) {
        return Err(s("c.children[0] is not a"));
    }
    Ok(())
}

fn circular() -> Rc<RefCell<SomeClass>> {
    let m = Rc::new(BTreeMap::from([(s("k1"), s("v1")), (s("k2"), s("v2"))]));
    let obj = Rc::new(RefCell::new(SomeClass { f1: RcWeak::new(), f2: m.clone(), f3: m }));
    obj.borrow_mut().f1 = RcWeak::from(&obj);
    obj
}

fn check_circular(obj: &Rc<RefCell<SomeClass>>) -> Result<(), String> {
    let o = obj.borrow();
    match o.f1.upgrade() {
        Some(p) if Rc::ptr_eq(&p, obj) => {}
        _ => return Err(s("f1 is not the object itself")),
    }
    let want = BTreeMap::from([(s("k1"), s("v1")), (s("k2"), s("v2"))]);
    if *o.f2 != want {
        return Err(format!("f2 = {:?}", o.f2));
    }
    if !Rc::ptr_eq(&o.f2, &o.f3) {
        return Err(s("f3 is not the same map as f2"));
    }
    Ok(())
}

fn parent() -> Rc<RefCell<Parent>> {
    let p = Rc::new(RefCell::new(Parent { name: s("p"), children: vec![] }));
    for n in ["c1", "c2"] {
        let c = Rc::new(RefCell::new(Child { name: s(n), parent: RcWeak::from(&p) }));
        p.borrow_mut().children.push(c);
    }
    p
}

fn check_parent(p: &Rc<RefCell<Parent>>) -> Result<(), String> {
    let pb = p.borrow();
    if pb.name != "p" || pb.children.len() != 2 {
        return Err(format!("parent {:?} with {} children", pb.name, pb.children.len()));
    }
    for (c, n) in pb.children.iter().zip(["c1", "c2"]) {
        let cb = c.borrow();
        if cb.name != n {
            return Err(format!("child name {:?}, want {n}", cb.name));
        }
        match cb.parent.upgrade() {
            Some(up) if Rc::ptr_eq(&up, p) => {}
            Some(_) => return Err(format!("{n}.parent is another object, not the root")),
            None => return Err(format!("{n}.parent is empty")),
        }
    }
    Ok(())
}

fn opts_some() -> Opts {
    Opts {
        a: Some(-7),
        b: Some(s("b")),
        c: Some(Point { x: 1, y: 2 }),
        d: Some(vec![s("d1"), s("d2")]),
        e: Some(BTreeMap::from([(s("e"), 5)])),
        f: Some(Color::Blue),
        g: Some(-0.0),
        h: Some(Timestamp::new(1704164645, 0).unwrap()),
    }
}

pub fn add(cs: &mut Vec<Case>) {
    let r = COMPAT.with_ref();
    cs.push(case("ref_shared_list", r, crate::no_regs, || {
        let l = Rc::new(VecDeque::from(vec![1i64]));
        Rc::new(vec![l.clone(), l])
    }));
    cs.push(case_check("ref_shared_map", r, crate::no_regs,
        || {
            let m = Rc::new(BTreeMap::from([(s("a"), 1i64)]));
            Rc::new(vec![m.clone(), m])
        },
        |got: &Rc<Vec<Rc<BTreeMap<String, i64>>>>| {
            if got.len() != 2 || *got[0] != BTreeMap::from([(s("a"), 1i64)]) {
                return Err(format!("got {got:?}"));
            }
            if !Rc::ptr_eq(&got[0], &got[1]) {
                return Err(s("the two maps are not the same map"));
            }
            Ok(())
        }));
    for (sfx, sc) in modes() {
        cs.push(case_check(format!("ref_shared_struct_{sfx}"), Cfg::sc(sc).with_ref(), reg_point,
            || {
                let p = Rc::new(Point { x: 1, y: 2 });
                Rc::new(vec![p.clone(), p])
            },
            |got: &Rc<Vec<Rc<Point>>>| {
                if got.len() != 2 || *got[0] != (Point { x: 1, y: 2 }) {
                    return Err(format!("got {got:?}"));
                }
                if !Rc::ptr_eq(&got[0], &got[1]) {
                    return Err(s("the two points are not the same object"));
                }
                Ok(())
            }));
    }
    cs.push(case("ref_shared_string", r, crate::no_regs, || Rc::new(vec![s("shared"), s("shared")])));
    for (sfx, sc) in modes() {
        cs.push(case_check(format!("circular_ref_{sfx}"), Cfg::sc(sc).with_ref(), reg_some_class, circular,
            check_circular));
    }
    for (sfx, sc) in modes() {
        let m = Cfg::sc(sc).with_ref();
        cs.push(case_check(format!("ref_graph_{sfx}"), m, reg_node, ref_graph, check_ref_graph));
        cs.push(case_check(format!("ref_empty_children_{sfx}"), m, reg_node,
            || node("e"),
            |got: &Rc<RefCell<Node>>| {
                let g = got.borrow();
                if g.name != "e" || g.next.is_some() || !g.children.is_empty() {
                    return Err(format!("got name {:?}, next {}, {} children", g.name, g.next.is_some(),
                        g.children.len()));
                }
                Ok(())
            }));
        cs.push(case_check(format!("ref_map_values_{sfx}"), m, reg_point,
            || {
                let p = Rc::new(Point { x: 1, y: 2 });
                Rc::new(BTreeMap::from([(s("a"), p.clone()), (s("b"), p), (s("c"), Rc::new(Point { x: 1, y: 2 }))]))
            },
            |got: &Rc<BTreeMap<String, Rc<Point>>>| {
                if got.len() != 3 || got.values().any(|p| **p != Point { x: 1, y: 2 }) {
                    return Err(format!("got {got:?}"));
                }
                if !Rc::ptr_eq(&got["a"], &got["b"]) {
                    return Err(s("values a and b are not the same point"));
                }
                if Rc::ptr_eq(&got["a"], &got["c"]) {
                    return Err(s("value c is the same point as a, but was a distinct one"));
                }
                Ok(())
            }));
    }

    // ---- Rust-only cases (rust_*)
    // Rust's defaults for Vec<u8> and Vec<i32> fields (lists) against Go's
    // []byte (binary) and []int32 (int32_array).
    cs.push(case("rust_plain_vec_u8_compat", COMPAT, reg_rust, || PlainBytes { v: vec![1, 2, 255] }));
    cs.push(case("rust_plain_vec_i32_compat", COMPAT, reg_rust, || PlainInts { v: vec![1, -2, 3] }));
    for (sfx, sc) in modes() {
        let m = Cfg::sc(sc).with_ref();
        cs.push(case_check(format!("rust_rc_shared_fields_{sfx}"), m, reg_rust,
            || {
                let p = Rc::new(Point { x: 1, y: 2 });
                Rc::new(RcPair { a: p.clone(), b: p, c: Some(Rc::new(Point { x: 3, y: 4 })) })
            },
            |got: &Rc<RcPair>| {
                if *got.a != (Point { x: 1, y: 2 }) || got.c.as_deref() != Some(&Point { x: 3, y: 4 }) {
                    return Err(format!("got {got:?}"));
                }
                if !Rc::ptr_eq(&got.a, &got.b) {
                    return Err(s("a and b are not the same Rc"));
                }
                Ok(())
            }));
        cs.push(case_check(format!("rust_arc_shared_fields_{sfx}"), m, reg_rust,
            || {
                let p = Arc::new(Point { x: 5, y: 6 });
                Arc::new(ArcPair { a: p.clone(), b: p })
            },
            |got: &Arc<ArcPair>| {
                if *got.a != (Point { x: 5, y: 6 }) {
                    return Err(format!("got {got:?}"));
                }
                if !Arc::ptr_eq(&got.a, &got.b) {
                    return Err(s("a and b are not the same Arc"));
                }
                Ok(())
            }));
        cs.push(case_check(format!("rust_weak_parent_{sfx}"), m, reg_rust, parent, check_parent));
        cs.push(case(format!("rust_trait_object_{sfx}"), Cfg::sc(sc), reg_rust, || Zoo {
            star: Box::new(Dog { name: s("rex"), breed: s("lab") }),
            others: vec![Box::new(Cat { name: s("tom"), lives: 9 }), Box::new(Dog { name: s("fido"), breed: s("") })],
        }));
        cs.push(case(format!("rust_option_some_{sfx}"), Cfg::sc(sc), reg_rust, opts_some));
        cs.push(case(format!("rust_option_none_{sfx}"), Cfg::sc(sc), reg_rust, Opts::default));
        cs.push(case(format!("rust_chrono_{sfx}"), Cfg::sc(sc), reg_rust, || {
            let day = chrono::NaiveDate::from_ymd_opt(2024, 1, 2).unwrap();
            Chrono {
                day,
                at: day.and_hms_nano_opt(3, 4, 5, 123456789).unwrap(),
                took: chrono::Duration::seconds(90061) + chrono::Duration::microseconds(5),
                maybe: chrono::NaiveDate::from_ymd_opt(1960, 6, 15),
            }
        }));
        cs.push(case(format!("rust_map_null_values_{sfx}"), Cfg::sc(sc), reg_rust, || MapNulls {
            m: BTreeMap::from([(s("a"), None), (s("b"), Some(2))]),
            n: BTreeMap::from([(1, Some(s("x"))), (2, None)]),
        }));
    }
}
