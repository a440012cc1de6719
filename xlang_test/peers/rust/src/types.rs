//! Rust mirrors of the cross-language case types (xlang_test/CASES.md).
//! Field names are the wire identifiers; `#[fory(...)]` attributes pick the
//! wire form where Rust's default differs from the Go/Python/Java mirrors
//! (README.md, "Rust field attributes").

use fory::{Date, Decimal, Duration, ForyEnum, ForyStruct, RcWeak, Timestamp};
use std::any::Any;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use std::sync::Arc;

#[derive(ForyEnum, Debug, PartialEq, Default, Clone, Copy)]
pub enum Color {
    #[default]
    Red,
    Green,
    Blue,
}

#[derive(ForyEnum, Debug, PartialEq, Default, Clone, Copy)]
pub enum Player {
    #[default]
    Java,
    Flash,
}

#[derive(ForyEnum, Debug, PartialEq, Default, Clone, Copy)]
pub enum Size {
    #[default]
    Small,
    Large,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct Person {
    pub name: String,
    pub age: i32,
    pub email: Option<String>,
    pub tags: Vec<String>,
    pub scores: BTreeMap<String, i32>,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct Scalars {
    pub flag_true: bool,
    pub flag_false: bool,
    pub i8_min: i8,
    pub i8_max: i8,
    pub i16_min: i16,
    pub i16_max: i16,
    pub i32_min: i32,
    pub i32_max: i32,
    pub i64_min: i64,
    pub i64_max: i64,
    pub f32_val: f32,
    pub f32_nan: f32,
    pub f32_inf: f32,
    pub f64_val: f64,
    pub f64_nan: f64,
    pub f64_neg_inf: f64,
    pub f64_neg_zero: f64,
    pub s_empty: String,
    pub s_latin1: String,
    pub s_utf16: String,
    pub s_emoji: String,
    #[fory(bytes)]
    pub bin_val: Vec<u8>,
}

#[derive(ForyStruct)]
pub struct SomeClass1 {
    pub f1: Box<dyn Any>,
    pub f2: BTreeMap<i8, i32>,
}

impl std::fmt::Debug for SomeClass1 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SomeClass1 {{ f1: {}, f2: {:?} }}", any_debug(self.f1.as_ref()), self.f2)
    }
}

#[derive(ForyStruct)]
pub struct SomeClass2 {
    pub f1: Box<dyn Any>,
    pub f2: String,
    pub f3: Vec<String>,
    pub f4: BTreeMap<i8, i32>,
    pub f5: i8,
    pub f6: i16,
    pub f7: i32,
    pub f8: i64,
    pub f9: f32,
    pub f10: f64,
    #[fory(array)]
    pub f11: Vec<i16>,
    pub f12: Vec<i16>,
}

impl std::fmt::Debug for SomeClass2 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SomeClass2 {{ f1: {}, f2: {:?}, f3: {:?}, f4: {:?}, f5: {}, f6: {}, f7: {}, f8: {}, f9: {:?}, \
            f10: {:?}, f11: {:?}, f12: {:?} }}", any_debug(self.f1.as_ref()), self.f2, self.f3, self.f4, self.f5,
            self.f6, self.f7, self.f8, self.f9, self.f10, self.f11, self.f12)
    }
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct EvolveV1 {
    pub a: i32,
    pub b: String,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct EvolveV2 {
    pub a: i32,
    pub b: String,
    pub c: i64,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct ManyFields {
    pub z_str: String,
    pub y_i64: i64,
    pub x_bool: bool,
    pub w_f32: f32,
    pub v_i8: i8,
    pub u_list: Vec<i32>,
    pub t_map: BTreeMap<String, String>,
    pub s_f64: f64,
    pub r_i16: i16,
    pub q_i32: i32,
    pub p_opt_i32: Option<i32>,
    pub o_opt_str: Option<String>,
    pub n_point: Point,
    pub m_color: Color,
    pub l_date: Date,
    pub k_ts: Timestamp,
    #[fory(bytes)]
    pub j_bin: Vec<u8>,
    #[fory(encoding = fixed)]
    pub i_fixed_i32: i32,
    #[fory(encoding = fixed)]
    pub h_fixed_i64: i64,
    #[fory(encoding = tagged)]
    pub g_tagged_i64: i64,
    #[fory(array)]
    pub f_i16_arr: Vec<i16>,
    pub e_set: BTreeSet<String>,
    pub d_opt_i64: Option<i64>,
    pub c_opt_f64: Option<f64>,
    pub b_opt_bool: Option<bool>,
    pub a_dur: Duration,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct LongNames {
    pub abcdefghijklmno: i32,
    pub abcdefghijklmnop: i32,
    pub abcdefghijklmnopq: i32,
    pub user_name_with_many_characters_here: String,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct Sample {
    pub int_value: i32,
    pub long_value: i64,
    pub float_value: f32,
    pub double_value: f64,
    pub short_value: i16,
    pub char_value: i32,
    pub boolean_value: bool,
    pub int_value_boxed: i32,
    pub long_value_boxed: i64,
    pub float_value_boxed: f32,
    pub double_value_boxed: f64,
    pub short_value_boxed: i16,
    pub char_value_boxed: i32,
    pub boolean_value_boxed: bool,
    #[fory(array)]
    pub int_array: Vec<i32>,
    #[fory(array)]
    pub long_array: Vec<i64>,
    #[fory(array)]
    pub float_array: Vec<f32>,
    #[fory(array)]
    pub double_array: Vec<f64>,
    #[fory(array)]
    pub short_array: Vec<i16>,
    #[fory(array)]
    pub char_array: Vec<i32>,
    #[fory(array)]
    pub boolean_array: Vec<bool>,
    pub string: String,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct Media {
    pub uri: String,
    pub title: Option<String>,
    pub width: i32,
    pub height: i32,
    pub format: String,
    pub duration: i64,
    pub size: i64,
    pub bitrate: i32,
    pub has_bitrate: bool,
    pub persons: Vec<String>,
    pub player: Player,
    pub copyright: Option<String>,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct Image {
    pub uri: String,
    pub title: Option<String>,
    pub width: i32,
    pub height: i32,
    pub size: Size,
    pub media: Option<Media>,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct MediaContent {
    pub media: Media,
    pub images: Vec<Image>,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PBool {
    pub v: bool,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PInt8 {
    pub v: i8,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PInt16 {
    pub v: i16,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PInt32 {
    pub v: i32,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PInt64 {
    pub v: i64,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PFixedInt32 {
    #[fory(encoding = fixed)]
    pub v: i32,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PFixedInt64 {
    #[fory(encoding = fixed)]
    pub v: i64,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PTaggedInt64 {
    #[fory(encoding = tagged)]
    pub v: i64,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PFloat32 {
    pub v: f32,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PFloat64 {
    pub v: f64,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PString {
    pub v: String,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PBinary {
    #[fory(bytes)]
    pub v: Vec<u8>,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PListInt32 {
    pub v: Vec<i32>,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PListString {
    pub v: Vec<String>,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PSetString {
    pub v: BTreeSet<String>,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PMapStringInt32 {
    pub v: BTreeMap<String, i32>,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PInt16Array {
    #[fory(array)]
    pub v: Vec<i16>,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PStruct {
    pub v: Point,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PListStruct {
    pub v: Vec<Point>,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PEnum {
    pub v: Color,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PNullableInt32 {
    pub a: Option<i32>,
    pub b: Option<i32>,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PNullableString {
    pub a: Option<String>,
    pub b: Option<String>,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PTimestamp {
    pub v: Timestamp,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PDate {
    pub v: Date,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PDuration {
    pub v: Duration,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PBoxedInt32 {
    pub v: i32,
}
#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PDecimal {
    pub v: Decimal,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct PEmpty {}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct Unsigned {
    pub u8: u8,
    pub u16: u16,
    pub u32: u32,
    pub u64: u64,
    #[fory(encoding = fixed)]
    pub fu32: u32,
    #[fory(encoding = fixed)]
    pub fu64: u64,
    #[fory(encoding = tagged)]
    pub tu64: u64,
    #[fory(encoding = tagged)]
    pub tu64_small: u64,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct Nested {
    pub groups: BTreeMap<String, Vec<Point>>,
    pub matrix: Vec<Vec<i32>>,
    pub lookup: BTreeMap<String, BTreeMap<String, String>>,
    pub tags: BTreeMap<String, BTreeSet<String>>,
}

#[derive(ForyStruct, Debug, PartialEq, Default, Clone)]
pub struct EvolveNarrow {
    pub a: i32,
    pub b: String,
}
#[derive(ForyEnum, Debug, PartialEq, Default, Clone, Copy)]
pub enum BigEnum {
    #[default]
    V0,
    V1,
    V2,
    V3,
    V4,
    V5,
    V6,
    V7,
    V8,
    V9,
    V10,
    V11,
    V12,
    V13,
    V14,
    V15,
    V16,
    V17,
    V18,
    V19,
    V20,
    V21,
    V22,
    V23,
    V24,
    V25,
    V26,
    V27,
    V28,
    V29,
    V30,
    V31,
    V32,
    V33,
    V34,
    V35,
    V36,
    V37,
    V38,
    V39,
    V40,
    V41,
    V42,
    V43,
    V44,
    V45,
    V46,
    V47,
    V48,
    V49,
    V50,
    V51,
    V52,
    V53,
    V54,
    V55,
    V56,
    V57,
    V58,
    V59,
    V60,
    V61,
    V62,
    V63,
    V64,
    V65,
    V66,
    V67,
    V68,
    V69,
    V70,
    V71,
    V72,
    V73,
    V74,
    V75,
    V76,
    V77,
    V78,
    V79,
    V80,
    V81,
    V82,
    V83,
    V84,
    V85,
    V86,
    V87,
    V88,
    V89,
    V90,
    V91,
    V92,
    V93,
    V94,
    V95,
    V96,
    V97,
    V98,
    V99,
    V100,
    V101,
    V102,
    V103,
    V104,
    V105,
    V106,
    V107,
    V108,
    V109,
    V110,
    V111,
    V112,
    V113,
    V114,
    V115,
    V116,
    V117,
    V118,
    V119,
    V120,
    V121,
    V122,
    V123,
    V124,
    V125,
    V126,
    V127,
    V128,
    V129,
}

#[derive(ForyStruct)]
pub struct PAny {
    pub v: Box<dyn Any>,
}

impl std::fmt::Debug for PAny {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PAny {{ v: {} }}", any_debug(self.v.as_ref()))
    }
}

/// The Debug form of a dynamically typed value, for the types the cases put
/// behind `Box<dyn Any>`.
pub fn any_debug(v: &dyn Any) -> String {
    macro_rules! try_types {
        ($($t:ty),*) => {
            $( if let Some(x) = v.downcast_ref::<$t>() {
                return format!("{}({:?})", stringify!($t), x);
            } )*
        };
    }
    try_types!(String, bool, i8, i16, i32, i64, f32, f64, Point, SomeClass1, Color, Dog, Cat, MetaLower,
        MetaFirstUpper, MetaMixed, MetaDigits, MetaUtf8);
    "<unknown type behind dyn Any>".to_string()
}

// ---- reference graphs

/// A reference-graph node (CASES.md `Node`); the back edges of the
/// case's graph are strong `Rc`s too (the process is short-lived).
#[derive(ForyStruct, Default)]
pub struct Node {
    pub name: String,
    pub next: Option<Rc<RefCell<Node>>>,
    #[fory(ref)]
    pub children: Vec<Rc<RefCell<Node>>>,
}

/// The circular-reference example: f1 is the object itself, f3 the same
/// map as f2.
#[derive(ForyStruct, Default)]
pub struct SomeClass {
    pub f1: RcWeak<RefCell<SomeClass>>,
    pub f2: Rc<BTreeMap<String, String>>,
    pub f3: Rc<BTreeMap<String, String>>,
}

/// The writer's version of example.EvolveX.
#[derive(ForyStruct)]
pub struct EvolveWide {
    pub x_list: Vec<String>,
    pub a: i32,
    pub x_map: BTreeMap<String, Point>,
    pub x_point: Point,
    pub b: String,
    pub x_opt: Option<String>,
    pub x_color: Color,
    pub x_nested: BTreeMap<String, Vec<i32>>,
    #[fory(array)]
    pub x_arr: Vec<i32>,
    pub x_any: Box<dyn Any>,
}

// ---- Rust-only cases

/// Two fields sharing one Rc (ref tracked by their type).
#[derive(ForyStruct, Debug, Default)]
pub struct RcPair {
    pub a: Rc<Point>,
    pub b: Rc<Point>,
    pub c: Option<Rc<Point>>,
}

/// Two fields sharing one Arc.
#[derive(ForyStruct, Debug, Default)]
pub struct ArcPair {
    pub a: Arc<Point>,
    pub b: Arc<Point>,
}

/// A parent with children that point back through RcWeak.
#[derive(ForyStruct, Default)]
pub struct Parent {
    pub name: String,
    pub children: Vec<Rc<RefCell<Child>>>,
}

#[derive(ForyStruct, Default)]
pub struct Child {
    pub name: String,
    pub parent: RcWeak<RefCell<Parent>>,
}

pub trait Animal: fory::ForyObject {
    fn describe(&self) -> String;
}

#[derive(ForyStruct, Debug, Default, PartialEq)]
pub struct Dog {
    pub name: String,
    pub breed: String,
}

#[derive(ForyStruct, Debug, Default, PartialEq)]
pub struct Cat {
    pub name: String,
    pub lives: i32,
}

impl Animal for Dog {
    fn describe(&self) -> String {
        format!("{:?}", self)
    }
}

impl Animal for Cat {
    fn describe(&self) -> String {
        format!("{:?}", self)
    }
}

fory::register_trait_type!(Animal, Dog, Cat);

/// Trait objects in a field and in a list.
#[derive(ForyStruct)]
pub struct Zoo {
    pub star: Box<dyn Animal>,
    pub others: Vec<Box<dyn Animal>>,
}

impl std::fmt::Debug for Zoo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let others: Vec<String> = self.others.iter().map(|a| a.describe()).collect();
        write!(f, "Zoo {{ star: {}, others: {:?} }}", self.star.describe(), others)
    }
}

/// Option<T> of every kind of field.
#[derive(ForyStruct, Debug, Default, PartialEq)]
pub struct Opts {
    pub a: Option<i32>,
    pub b: Option<String>,
    pub c: Option<Point>,
    pub d: Option<Vec<String>>,
    pub e: Option<BTreeMap<String, i32>>,
    pub f: Option<Color>,
    pub g: Option<f64>,
    pub h: Option<Timestamp>,
}

/// Map fields with null values (a declared key type, no key flag).
#[derive(ForyStruct, Debug, Default, PartialEq)]
pub struct MapNulls {
    pub m: BTreeMap<String, Option<i32>>,
    pub n: BTreeMap<i32, Option<String>>,
}

// ---- meta-name structs: one per meta-string encoding of their names
macro_rules! meta_struct {
    ($($name:ident),*) => { $(
        #[derive(ForyStruct, Debug, Default, PartialEq)]
        pub struct $name {
            pub v: i32,
        }
    )* };
}
meta_struct!(MetaLower, MetaFirstUpper, MetaMixed, MetaDigits, MetaUtf8);

/// The Debug form of a list of dynamically typed values.
pub fn any_list_debug(v: &[Box<dyn Any>]) -> String {
    let items: Vec<String> = v.iter().map(|x| any_debug(x.as_ref())).collect();
    format!("[{}]", items.join(", "))
}

/// The Debug form of a list of optional dynamically typed values.
pub fn opt_any_list_debug(v: &[Option<Box<dyn Any>>]) -> String {
    let items: Vec<String> =
        v.iter().map(|x| x.as_ref().map_or("None".to_string(), |x| any_debug(x.as_ref()))).collect();
    format!("[{}]", items.join(", "))
}

/// chrono's date, date-time and duration (the crate's "chrono" feature).
#[derive(ForyStruct, Debug, Default, PartialEq)]
pub struct Chrono {
    pub day: chrono::NaiveDate,
    pub at: chrono::NaiveDateTime,
    pub took: chrono::Duration,
    pub maybe: Option<chrono::NaiveDate>,
}

/// A Vec<u8> field without #[fory(bytes)]: Rust's default, a list of u8.
#[derive(ForyStruct, Debug, Default, PartialEq)]
pub struct PlainBytes {
    pub v: Vec<u8>,
}

/// A Vec<i32> field without #[fory(array)]: Rust's default, a list.
#[derive(ForyStruct, Debug, Default, PartialEq)]
pub struct PlainInts {
    pub v: Vec<i32>,
}
