//! The case table, in the order of xlang_test/cases_test.go.

use crate::types::*;
use crate::{case, case_with, no_regs, same, Case, Cfg, COMPAT};
use fory::{Date, Decimal, Duration, Error, Fory, Timestamp};
use std::any::Any;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

fn s(v: &str) -> String {
    v.to_string()
}

pub fn dec(v: &str) -> Decimal {
    let (mant, exp) = match v.find(['E', 'e']) {
        Some(i) => (&v[..i], v[i + 1..].parse::<i32>().unwrap()),
        None => (v, 0),
    };
    let (digits, scale) = match mant.find('.') {
        Some(i) => (format!("{}{}", &mant[..i], &mant[i + 1..]), (mant.len() - i - 1) as i32),
        None => (mant.to_string(), 0),
    };
    Decimal::new(digits.parse().unwrap(), scale - exp)
}

fn date(y: i32, m: u32, d: u32) -> Date {
    // days from civil (proleptic Gregorian)
    let y = if m <= 2 { y - 1 } else { y } as i64;
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Date::from_epoch_days(era * 146097 + doe - 719468)
}

fn ts(y: i32, mo: u32, d: u32, h: i64, mi: i64, sec: i64, nanos: u32) -> Timestamp {
    let days = date(y, mo, d).epoch_days();
    Timestamp::new(days * 86400 + h * 3600 + mi * 60 + sec, nanos).unwrap()
}

fn bmap<K: Ord, V>(v: Vec<(K, V)>) -> BTreeMap<K, V> {
    v.into_iter().collect()
}

macro_rules! regs {
    ($name:ident: $($kind:ident $t:ty => $key:expr),* $(,)?) => {
        fn $name(f: &mut Fory) -> Result<(), Error> {
            $( regs!(@one f, $kind, $t, $key); )*
            Ok(())
        }
    };
    (@one $f:ident, id, $t:ty, $key:expr) => { $f.register::<$t>($key)? };
    (@one $f:ident, name, $t:ty, $key:expr) => { $f.register_by_name::<$t>($key)? };
}

regs!(reg_person_id: id Person => 103);
regs!(reg_person_name: name Person => "example.Person");
regs!(reg_scalars: name Scalars => "example.Scalars");
regs!(reg_color_id: id Color => 101);
regs!(reg_color_name: name Color => "example.Color");
regs!(reg_some: name SomeClass1 => "example.SomeClass1", name SomeClass2 => "example.SomeClass2");
regs!(reg_evolve_v1: name EvolveV1 => "example.Evolve");
regs!(reg_evolve_v2: name EvolveV2 => "example.Evolve");
regs!(reg_many: name ManyFields => "example.ManyFields", name Point => "example.Point", name Color => "example.Color");
regs!(reg_long: name LongNames => "example.LongNames");
regs!(reg_meta: name MetaLower => "example.lower_name", name MetaFirstUpper => "example.Firstupper",
    name MetaMixed => "org.FuryGo_NS.MixedCaseTypeName", name MetaDigits => "ns2.Type2Digits_X9",
    name MetaUtf8 => "my-ns.Type-With-Dash");
regs!(reg_sample: name Sample => "example.Sample");
regs!(reg_media: name MediaContent => "example.MediaContent", name Media => "example.Media",
    name Image => "example.Image", name Player => "example.Player", name Size => "example.Size");
regs!(reg_point_id: id Point => 102);
regs!(reg_bigenum: id BigEnum => 110);
regs!(reg_unsigned: id Unsigned => 112);
regs!(reg_nested: id Nested => 111, id Point => 102);
regs!(reg_empty_id: id PEmpty => 326);
regs!(reg_evolve_narrow: name EvolveNarrow => "example.EvolveX", id Point => 102, id Color => 101);

fn person1() -> Person {
    Person {
        name: s("Alice"),
        age: 30,
        email: Some(s("alice@example.com")),
        tags: vec![s("a"), s("b")],
        scores: bmap(vec![(s("math"), 90), (s("art"), -1)]),
    }
}

fn person2() -> Person {
    Person { name: s("Bob"), age: -5, ..Default::default() }
}

fn scalars() -> Scalars {
    Scalars {
        flag_true: true,
        flag_false: false,
        i8_min: i8::MIN,
        i8_max: i8::MAX,
        i16_min: i16::MIN,
        i16_max: i16::MAX,
        i32_min: i32::MIN,
        i32_max: i32::MAX,
        i64_min: i64::MIN,
        i64_max: i64::MAX,
        f32_val: -1.25,
        f32_nan: f32::NAN,
        f32_inf: f32::INFINITY,
        f64_val: 1.0 / 3.0,
        f64_nan: f64::NAN,
        f64_neg_inf: f64::NEG_INFINITY,
        f64_neg_zero: -0.0,
        s_empty: s(""),
        s_latin1: s("héllo"),
        s_utf16: s("你好"),
        s_emoji: s("😀"),
        bin_val: vec![0x00, 0xff],
    }
}

fn some_class() -> SomeClass2 {
    SomeClass2 {
        f1: Box::new(SomeClass1 { f1: Box::new(true), f2: bmap(vec![(-1, 2)]) }),
        f2: s("abc"),
        f3: vec![s("abc"), s("abc")],
        f4: bmap(vec![(1, 2)]),
        f5: i8::MAX,
        f6: i16::MAX,
        f7: i32::MAX,
        f8: i64::MAX,
        f9: 0.5,
        f10: 1.0 / 3.0,
        f11: vec![1, 2],
        f12: vec![-1, 4],
    }
}

fn many() -> ManyFields {
    ManyFields {
        z_str: s("z"),
        y_i64: -2,
        x_bool: true,
        w_f32: 0.5,
        v_i8: -8,
        u_list: vec![1, 2],
        t_map: bmap(vec![(s("k"), s("v"))]),
        s_f64: 2.5,
        r_i16: -16,
        q_i32: 32,
        p_opt_i32: Some(7),
        o_opt_str: None,
        n_point: Point { x: 1, y: 2 },
        m_color: Color::Green,
        l_date: date(2000, 1, 1),
        k_ts: ts(2000, 1, 1, 0, 0, 1, 0),
        j_bin: vec![7],
        i_fixed_i32: -32,
        h_fixed_i64: -64,
        g_tagged_i64: 1 << 40,
        f_i16_arr: vec![3],
        e_set: ["s"].iter().map(|v| s(v)).collect(),
        d_opt_i64: None,
        c_opt_f64: Some(1.5),
        b_opt_bool: Some(false),
        a_dur: Duration::from_secs(1),
    }
}

fn sample() -> Sample {
    Sample {
        int_value: 123,
        long_value: 1230000,
        float_value: 12.345,
        double_value: 1.234567,
        short_value: 12345,
        char_value: '!' as i32,
        boolean_value: true,
        int_value_boxed: 321,
        long_value_boxed: 3210000,
        float_value_boxed: 54.321,
        double_value_boxed: 7.654321,
        short_value_boxed: 32100,
        char_value_boxed: '$' as i32,
        boolean_value_boxed: false,
        int_array: vec![-1234, -123, -12, -1, 0, 1, 12, 123, 1234],
        long_array: vec![-123400, -12300, -1200, -100, 0, 100, 1200, 12300, 123400],
        float_array: vec![-12.34, -12.3, -12.0, -1.0, 0.0, 1.0, 12.0, 12.3, 12.34],
        double_array: vec![-1.234, -1.23, -12.0, -1.0, 0.0, 1.0, 12.0, 1.23, 1.234],
        short_array: vec![-1234, -123, -12, -1, 0, 1, 12, 123, 1234],
        char_array: "asdfASDF".chars().map(|c| c as i32).collect(),
        boolean_array: vec![true, false, false, true],
        string: s("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
    }
}

fn media() -> MediaContent {
    MediaContent {
        media: Media {
            uri: s("http://javaone.com/keynote.ogg"),
            title: None,
            width: 641,
            height: 481,
            format: s("video/theora\u{1234}"),
            duration: 18000001,
            size: 58982401,
            bitrate: 0,
            has_bitrate: false,
            persons: vec![s("Bill Gates, Jr."), s("Steven Jobs")],
            player: Player::Flash,
            copyright: Some(s("Copyright (c) 2009, Scooby Dooby Doo")),
        },
        images: vec![
            Image {
                uri: s("http://javaone.com/keynote_huge.jpg"),
                title: Some(s("Javaone Keynote\u{1234}")),
                width: 32000,
                height: 24000,
                size: Size::Large,
                media: None,
            },
            Image {
                uri: s("http://javaone.com/keynote_large.jpg"),
                title: None,
                width: 1024,
                height: 768,
                size: Size::Large,
                media: None,
            },
            Image {
                uri: s("http://javaone.com/keynote_small.jpg"),
                title: None,
                width: 320,
                height: 240,
                size: Size::Small,
                media: None,
            },
        ],
    }
}

fn large_str_int() -> BTreeMap<String, i64> {
    (0..300).map(|i| (format!("k{i:03}"), i as i64)).collect()
}

fn large_str_struct() -> BTreeMap<String, Point> {
    (0..300).map(|i| (format!("k{i:03}"), Point { x: i, y: -i })).collect()
}

fn points10k() -> Vec<Point> {
    (0..10000).map(|i| Point { x: i, y: -i }).collect()
}

pub fn cases() -> Vec<Case> {
    let mut cs: Vec<Case> = Vec::new();
    let c = COMPAT;

    // ---- scalars (top level)
    cs.push(case("bool_true", c, no_regs, || true));
    cs.push(case("bool_false", c, no_regs, || false));
    cs.push(case("int64_small", c, no_regs, || 1i64));
    cs.push(case("int64_neg", c, no_regs, || -1i64));
    cs.push(case("int64_300", c, no_regs, || 300i64));
    cs.push(case("int64_max", c, no_regs, || i64::MAX));
    cs.push(case("int64_min", c, no_regs, || i64::MIN));
    cs.push(case("float64_pi", c, no_regs, || std::f64::consts::PI));
    cs.push(case("float64_nan", c, no_regs, || f64::NAN));
    cs.push(case("float64_inf", c, no_regs, || f64::INFINITY));
    cs.push(case("float64_neg_inf", c, no_regs, || f64::NEG_INFINITY));
    cs.push(case("float64_neg_zero", c, no_regs, || -0.0f64));
    cs.push(case("str_empty", c, no_regs, || s("")));
    cs.push(case("str_ascii", c, no_regs, || s("hello")));
    cs.push(case("str_latin1", c, no_regs, || s("héllo wörld")));
    cs.push(case("str_utf16", c, no_regs, || s("你好，世界")));
    cs.push(case("str_emoji", c, no_regs, || s("emoji 😀🎉")));
    cs.push(case("str_long", c, no_regs, || "abc".repeat(100)));
    cs.push(case("binary_empty", c, no_regs, Vec::<u8>::new));
    cs.push(case("binary", c, no_regs, || vec![0x00u8, 0x01, 0xfe, 0xff]));

    // ---- primitive arrays
    cs.push(case("bool_array", c, no_regs, || vec![true, false, true]));
    cs.push(case("int8_array", c, no_regs, || vec![-128i8, 0, 127]));
    cs.push(case("int16_array", c, no_regs, || vec![i16::MIN, 0, i16::MAX]));
    cs.push(case("int32_array", c, no_regs, || vec![i32::MIN, 0, i32::MAX]));
    cs.push(case("int64_array", c, no_regs, || vec![i64::MIN, 0, i64::MAX]));
    cs.push(case("float32_array", c, no_regs, || vec![1.5f32, f32::NAN, f32::NEG_INFINITY]));
    cs.push(case("float64_array", c, no_regs, || vec![std::f64::consts::PI, f64::NAN, f64::NEG_INFINITY]));
    cs.push(case("int32_array_empty", c, no_regs, Vec::<i32>::new));

    // ---- lists
    cs.push(case("list_empty", c, no_regs, Vec::<String>::new));
    cs.push(case("list_int64", c, no_regs, || VecDeque::from(vec![1i64, 2, 3])));
    cs.push(case("list_str", c, no_regs, || vec![s("a"), s("héllo"), s("你好")]));
    cs.push(case("list_all_null", c, no_regs, || vec![None::<String>, None]));
    cs.push(case("list_str_nulls", c, no_regs, || vec![Some(s("a")), None, Some(s("b"))]));
    cs.push(case("list_nested", c, no_regs, || {
        vec![VecDeque::from(vec![1i64, 2]), VecDeque::from(vec![3]), VecDeque::new()]
    }));

    cs.push(case_with("narrow_ints_list", c, no_regs, no_regs,
        || -> Vec<Box<dyn Any>> {
            vec![Box::new(127i64), Box::new(32767i64), Box::new(2147483647i64), Box::new(-2147483648i64), Box::new(1.5f64)]
        },
        |got: &Vec<Box<dyn Any>>| {
            same(&s("[i64(127), i64(32767), i64(2147483647), i64(-2147483648), f64(1.5)]"), &any_list_debug(got))
        }));
    cs.push(case_with("list_mixed_nulls", c, no_regs, no_regs,
        || -> Vec<Option<Box<dyn Any>>> {
            vec![Some(Box::new(1i64)), Some(Box::new(s("a"))), None, Some(Box::new(2.5f64)), Some(Box::new(true))]
        },
        |got: &Vec<Option<Box<dyn Any>>>| {
            same(&s("[i64(1), String(\"a\"), None, f64(2.5), bool(true)]"), &opt_any_list_debug(got))
        }));

    // ---- maps
    cs.push(case("map_empty", c, no_regs, BTreeMap::<String, i64>::new));
    cs.push(case("map_str_int", c, no_regs, || bmap(vec![(s("a"), 1i64), (s("b"), 2)])));
    cs.push(case("map_int_str", c, no_regs, || bmap(vec![(1i64, s("a")), (2, s("b"))])));
    cs.push(case("map_null_value", c, no_regs, || bmap(vec![(s("a"), None), (s("b"), Some(1i64))])));
    cs.push(case("map_null_key", c, no_regs, || bmap(vec![(None, 1i64), (Some(s("a")), 2)])));
    cs.push(case_with("map_mixed_values", c, no_regs, no_regs,
        || -> BTreeMap<String, Box<dyn Any>> {
            BTreeMap::from([(s("i"), Box::new(1i64) as Box<dyn Any>), (s("s"), Box::new(s("x"))),
                (s("f"), Box::new(1.5f64)), (s("b"), Box::new(true))])
        },
        |got: &BTreeMap<String, Box<dyn Any>>| {
            let items: Vec<String> = got.iter().map(|(k, v)| format!("{k}: {}", any_debug(v.as_ref()))).collect();
            same(&s("b: bool(true), f: f64(1.5), i: i64(1), s: String(\"x\")"), &items.join(", "))
        }));
    cs.push(case("map_large_str_int", c, no_regs, large_str_int));
    cs.push(case("map_list_values", c, no_regs, || {
        bmap(vec![(s("a"), VecDeque::from(vec![1i64, 2])), (s("b"), VecDeque::new())])
    }));

    // ---- sets
    cs.push(case("set_empty", c, no_regs, BTreeSet::<String>::new));
    cs.push(case("set_int", c, no_regs, || BTreeSet::from([1i64, 2, 3])));
    cs.push(case("set_str", c, no_regs, || BTreeSet::from([s("a"), s("b")])));

    // ---- time
    cs.push(case("date", c, no_regs, || date(2024, 1, 2)));
    cs.push(case("date_pre_epoch", c, no_regs, || date(1960, 6, 15)));
    cs.push(case("timestamp", c, no_regs, || ts(2024, 1, 2, 3, 4, 5, 123456000)));
    cs.push(case("timestamp_pre_epoch", c, no_regs, || ts(1969, 12, 31, 23, 59, 59, 500000000)));
    cs.push(case("duration", c, no_regs, || Duration::new(86402, 3000).unwrap()));
    cs.push(case("duration_negative", c, no_regs, || Duration::from_millis(-1500)));

    // ---- decimals
    cs.push(case("decimal", c, no_regs, || dec("12.50")));
    cs.push(case("decimal_big", c, no_regs, || dec("-123456789012345678901234567890.12")));
    cs.push(case("decimal_exponent", c, no_regs, || dec("1E+5")));
    cs.push(case("decimal_list", c, no_regs, || vec![dec("0"), dec("-0.001"), dec("18446744073709551616")]));

    // ---- structs
    for (sfx, sc) in [("sc", true), ("compat", false)] {
        let m = Cfg::sc(sc);
        cs.push(case(format!("struct_by_id_{sfx}"), m, reg_person_id, person1));
        cs.push(case(format!("struct_by_name_{sfx}"), m, reg_person_name, person1));
        cs.push(case(format!("struct_null_field_{sfx}"), m, reg_person_id, person2));
    }
    for (sfx, sc) in [("sc", true), ("compat", false)] {
        cs.push(case(format!("scalars_{sfx}"), Cfg::sc(sc), reg_scalars, scalars));
    }
    for (sfx, sc) in [("sc", true), ("compat", false)] {
        cs.push(case(format!("enum_by_id_{sfx}"), Cfg::sc(sc), reg_color_id, || Color::Blue));
        cs.push(case(format!("enum_by_name_{sfx}"), Cfg::sc(sc), reg_color_name, || Color::Blue));
    }
    cs.push(case("enum_list", c, reg_color_id, || vec![Color::Red, Color::Blue, Color::Blue]));
    for (sfx, sc) in [("sc", true), ("compat", false)] {
        cs.push(case(format!("some_class_{sfx}"), Cfg::sc(sc), reg_some, some_class));
    }
    cs.push(case_with("evolve_v2_to_v1", c, reg_evolve_v2, reg_evolve_v1,
        || EvolveV2 { a: 1, b: s("x"), c: 99 },
        |got: &EvolveV1| same(&EvolveV1 { a: 1, b: s("x") }, got)));
    cs.push(case_with("evolve_v1_to_v2", c, reg_evolve_v1, reg_evolve_v2,
        || EvolveV1 { a: 1, b: s("x") },
        |got: &EvolveV2| same(&EvolveV2 { a: 1, b: s("x"), c: 0 }, got)));
    for (sfx, sc) in [("sc", true), ("compat", false)] {
        let m = Cfg::sc(sc);
        cs.push(case(format!("many_fields_{sfx}"), m, reg_many, many));
        cs.push(case(format!("long_names_{sfx}"), m, reg_long, || LongNames {
            abcdefghijklmno: 1,
            abcdefghijklmnop: 2,
            abcdefghijklmnopq: 3,
            user_name_with_many_characters_here: s("u"),
        }));
    }
    for (sfx, sc) in [("sc", true), ("compat", false)] {
        cs.push(case_with(format!("meta_names_{sfx}"), Cfg::sc(sc), reg_meta, reg_meta,
            || -> Vec<Box<dyn Any>> {
                vec![Box::new(MetaLower { v: 1 }), Box::new(MetaFirstUpper { v: 2 }), Box::new(MetaMixed { v: 3 }),
                    Box::new(MetaDigits { v: 4 }), Box::new(MetaUtf8 { v: 5 })]
            },
            |got: &Vec<Box<dyn Any>>| {
                same(&s("[MetaLower(MetaLower { v: 1 }), MetaFirstUpper(MetaFirstUpper { v: 2 }), \
                    MetaMixed(MetaMixed { v: 3 }), MetaDigits(MetaDigits { v: 4 }), MetaUtf8(MetaUtf8 { v: 5 })]"),
                    &any_list_debug(got))
            }));
    }
    for (sfx, sc) in [("sc", true), ("compat", false)] {
        let m = Cfg::sc(sc);
        cs.push(case(format!("sample_{sfx}"), m, reg_sample, sample));
        cs.push(case(format!("media_content_{sfx}"), m, reg_media, media));
        cs.push(case(format!("list_of_structs_{sfx}"), m, reg_point_id, || {
            vec![Point { x: 1, y: 2 }, Point { x: 3, y: 4 }]
        }));
        cs.push(case(format!("map_int_struct_{sfx}"), m, reg_point_id, || {
            bmap(vec![(1i64, Point { x: 1, y: 2 }), (2, Point { x: 3, y: 4 })])
        }));
        cs.push(case(format!("map_large_str_struct_{sfx}"), m, reg_point_id, large_str_struct));
    }

    // ---- probes
    crate::probes::add(&mut cs);

    // ---- edge cases
    cs.push(case("str_long_64k", c, no_regs, || "abcdefg".repeat(10000)));
    cs.push(case("str_long_utf16_64k", c, no_regs, || "你好".repeat(20000)));
    cs.push(case("str_long_emoji_64k", c, no_regs, || "😀a".repeat(25000)));
    cs.push(case("str_astral_list", c, no_regs, || {
        vec![s("𝄞"), s("a😀b"), s("\0nul"), s("é😀"), s("\u{ffff}"), s("\u{10ffff}")]
    }));
    cs.push(case("binary_large", c, no_regs, || (0..100000).map(|i| i as u8).collect::<Vec<u8>>()));
    cs.push(case("float64_extremes", c, no_regs, || {
        VecDeque::from(vec![f64::MAX, -f64::MAX, 5e-324, f64::MIN_POSITIVE, -0.0, f64::NAN, f64::INFINITY])
    }));
    cs.push(case("timestamp_extremes", c, no_regs, || {
        vec![ts(1, 1, 1, 0, 0, 0, 0), ts(9999, 12, 31, 23, 59, 59, 0), ts(1900, 1, 1, 0, 0, 0, 1000),
            ts(1969, 12, 31, 23, 59, 59, 999999000)]
    }));
    cs.push(case("timestamp_nanos", c, no_regs, || ts(1969, 12, 31, 23, 59, 59, 999999000)));
    cs.push(case("date_extremes", c, no_regs, || {
        vec![date(1, 1, 1), date(9999, 12, 31), date(1970, 1, 1), date(1969, 12, 31)]
    }));
    cs.push(case("decimal_extremes", c, no_regs, || {
        ["1E-40", "-9.87654321E+50", "123456789012345678901234567890123456789012345678901234567890",
            "9223372036854775807", "-9223372036854775808", "9223372036854775808",
            "-170141183460469231731687303715884105728", "0.0000", "-1"]
            .iter().map(|v| dec(v)).collect::<Vec<_>>()
    }));
    for (sfx, sc) in [("sc", true), ("compat", false)] {
        let m = Cfg::sc(sc);
        cs.push(case(format!("enum_extremes_{sfx}"), m, reg_bigenum, || {
            vec![BigEnum::V0, BigEnum::V127, BigEnum::V128, BigEnum::V129]
        }));
        cs.push(case(format!("unsigned_{sfx}"), m, reg_unsigned, || Unsigned {
            u8: u8::MAX, u16: u16::MAX, u32: u32::MAX, u64: u64::MAX,
            fu32: u32::MAX, fu64: u64::MAX, tu64: u64::MAX, tu64_small: 1,
        }));
        cs.push(case(format!("nested_generics_{sfx}"), m, reg_nested, || Nested {
            groups: bmap(vec![(s("a"), vec![Point { x: 1, y: 2 }, Point { x: 3, y: 4 }]), (s("b"), vec![])]),
            matrix: vec![vec![1, 2], vec![], vec![3]],
            lookup: bmap(vec![(s("x"), bmap(vec![(s("k"), s("v"))])), (s("y"), BTreeMap::new())]),
            tags: bmap(vec![(s("t"), BTreeSet::from([s("s")]))]),
        }));
        cs.push(case(format!("map_str_list_struct_{sfx}"), m, reg_point_id, || {
            bmap(vec![(s("a"), vec![Point { x: 1, y: 2 }, Point { x: 3, y: 4 }]), (s("b"), vec![]),
                (s("c"), vec![Point { x: 5, y: 6 }])])
        }));
        cs.push(case_with(format!("list_any_structs_{sfx}"), m, reg_point_id, reg_point_id,
            || -> Vec<Option<Box<dyn Any>>> {
                vec![Some(Box::new(Point { x: 1, y: 2 })), None, Some(Box::new(s("x"))), Some(Box::new(Point { x: 3, y: 4 })),
                    Some(Box::new(7i64))]
            },
            |got: &Vec<Option<Box<dyn Any>>>| {
                same(&s("[Point(Point { x: 1, y: 2 }), None, String(\"x\"), Point(Point { x: 3, y: 4 }), i64(7)]"),
                    &opt_any_list_debug(got))
            }));
        cs.push(case(format!("list_10k_structs_{sfx}"), m, reg_point_id, points10k));
        cs.push(case(format!("list_empty_structs_{sfx}"), m, reg_empty_id, || vec![PEmpty {}, PEmpty {}, PEmpty {}]));
    }
    cs.push(case_with("evolve_skip_complex", c, crate::graphs::reg_evolve_wide, reg_evolve_narrow,
        crate::graphs::evolve_wide,
        |got: &EvolveNarrow| same(&EvolveNarrow { a: 1, b: s("x") }, got)));

    crate::graphs::add(&mut cs);
    cs
}
