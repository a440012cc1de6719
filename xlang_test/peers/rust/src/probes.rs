//! The probe cases: one struct per field type, in four settings each
//! (probe_<kind>_<sc|compat>_<name|id>, CASES.md "Probe structs").

use crate::cases::dec;
use crate::types::*;
use crate::{case, Case, Cfg};
use fory::{Date, Duration, Error, Fory, StructSerializer, Timestamp};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;

fn short_name<T>() -> &'static str {
    let n = std::any::type_name::<T>();
    n.rsplit("::").next().unwrap()
}

fn reg_by_name<T: StructSerializer>(f: &mut Fory) -> Result<(), Error> {
    f.register_by_name::<T>(&format!("probe.{}", short_name::<T>()))?;
    f.register_by_name::<Point>("example.Point")?;
    f.register_by_name::<Color>("example.Color")
}

fn reg_by_id<T: StructSerializer, const ID: u32>(f: &mut Fory) -> Result<(), Error> {
    f.register::<T>(ID)?;
    f.register::<Point>(102)?;
    f.register::<Color>(101)
}

fn four<T, const ID: u32>(cs: &mut Vec<Case>, kind: &str, value: fn() -> T)
where
    T: StructSerializer + fory::Serializer<Target = T> + Debug + 'static,
{
    for (sfx, sc) in [("sc", true), ("compat", false)] {
        cs.push(case(format!("probe_{kind}_{sfx}_name"), Cfg::sc(sc), reg_by_name::<T>, value));
        cs.push(case(format!("probe_{kind}_{sfx}_id"), Cfg::sc(sc), reg_by_id::<T, ID>, value));
    }
}

pub fn add(cs: &mut Vec<Case>) {
    four::<PBool, 300>(cs, "bool", || PBool { v: true });
    four::<PInt8, 301>(cs, "int8", || PInt8 { v: -100 });
    four::<PInt16, 302>(cs, "int16", || PInt16 { v: -300 });
    four::<PInt32, 303>(cs, "int32", || PInt32 { v: -70000 });
    four::<PInt64, 304>(cs, "int64", || PInt64 { v: -5000000000 });
    four::<PFixedInt32, 305>(cs, "fixed_int32", || PFixedInt32 { v: -70000 });
    four::<PFixedInt64, 306>(cs, "fixed_int64", || PFixedInt64 { v: -5000000000 });
    four::<PTaggedInt64, 307>(cs, "tagged_int64", || PTaggedInt64 { v: -5000000000 });
    four::<PFloat32, 308>(cs, "float32", || PFloat32 { v: 1.5 });
    four::<PFloat64, 309>(cs, "float64", || PFloat64 { v: -2.25 });
    four::<PString, 310>(cs, "string", || PString { v: "hello".into() });
    four::<PBinary, 311>(cs, "binary", || PBinary { v: vec![1, 2] });
    four::<PListInt32, 312>(cs, "list_int32", || PListInt32 { v: vec![1, -1] });
    four::<PListString, 313>(cs, "list_string", || PListString { v: vec!["a".into(), "b".into()] });
    four::<PSetString, 314>(cs, "set_string", || PSetString { v: BTreeSet::from(["a".to_string()]) });
    four::<PMapStringInt32, 315>(cs, "map_string_int32", || PMapStringInt32 {
        v: BTreeMap::from([("a".to_string(), 1)]),
    });
    four::<PInt16Array, 316>(cs, "int16_array", || PInt16Array { v: vec![1, 2] });
    four::<PStruct, 317>(cs, "struct", || PStruct { v: Point { x: 1, y: 2 } });
    four::<PListStruct, 318>(cs, "list_struct", || PListStruct {
        v: vec![Point { x: 1, y: 2 }, Point { x: 3, y: 4 }],
    });
    four::<PEnum, 319>(cs, "enum", || PEnum { v: Color::Green });
    four::<PNullableInt32, 320>(cs, "nullable_int32", || PNullableInt32 { a: Some(5), b: None });
    four::<PNullableString, 321>(cs, "nullable_string", || PNullableString { a: Some("x".into()), b: None });
    four::<PTimestamp, 322>(cs, "timestamp", || PTimestamp {
        v: Timestamp::new(1704164645, 123456000).unwrap(),
    });
    four::<PDate, 323>(cs, "date", || PDate { v: Date::from_epoch_days(19724) });
    four::<PDuration, 324>(cs, "duration", || PDuration { v: Duration::new(90061, 5000).unwrap() });
    four::<PAny, 325>(cs, "any", || PAny { v: Box::new("str".to_string()) });
    four::<PEmpty, 326>(cs, "empty", || PEmpty {});
    four::<PBoxedInt32, 327>(cs, "boxed_int32", || PBoxedInt32 { v: 7 });
    four::<PDecimal, 328>(cs, "decimal", || PDecimal { v: dec("-3.14") });
}
