package bench

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
)

// encoding/json and encoding/gob, the familiar baselines. gob is timed as one
// message per Encoder/Decoder, so every payload carries its type
// descriptions, as it would when sent on its own.

func jsonBenches[T any](object string, v *T) (serBench, deBench, error) {
	marshal := func() ([]byte, error) { return json.Marshal(v) }
	payload, err := payloadOf(marshal)
	if err != nil {
		return serBench{}, deBench{}, err
	}
	return serBench{object, "json", "json", marshal},
		deBench{object, "json", payload, true, func(data []byte) (any, error) {
			out := new(T)
			return out, json.Unmarshal(data, out)
		}}, nil
}

func gobBenches[T any](object string, v *T) (serBench, deBench, error) {
	marshal := func() ([]byte, error) {
		var buf bytes.Buffer
		err := gob.NewEncoder(&buf).Encode(v)
		return buf.Bytes(), err
	}
	payload, err := payloadOf(marshal)
	if err != nil {
		return serBench{}, deBench{}, err
	}
	return serBench{object, "gob", "gob", marshal},
		deBench{object, "gob", payload, true, func(data []byte) (any, error) {
			out := new(T)
			return out, gob.NewDecoder(bytes.NewReader(data)).Decode(out)
		}}, nil
}

// collect gathers per-object (serBench, deBench) pairs into a suite result.
type collector struct {
	ser []serBench
	de  []deBench
	err error
}

func (c *collector) add(s []serBench, d []deBench, err error) {
	if c.err != nil {
		return
	}
	if err != nil {
		c.err = err
		return
	}
	c.ser = append(c.ser, s...)
	c.de = append(c.de, d...)
}

func (c *collector) one(s serBench, d deBench, err error) {
	c.add([]serBench{s}, []deBench{d}, err)
}

func jsonSuite(o objects) ([]serBench, []deBench, error) {
	var c collector
	c.one(jsonBenches(objSample, o.sample))
	c.one(jsonBenches(objMediaContent, o.mediaContent))
	c.one(jsonBenches(objStruct, o.strct))
	c.one(jsonBenches(objSmallStruct, o.smallStruct))
	c.one(jsonBenches(objSampleList, o.sampleList))
	c.one(jsonBenches(objMediaContentList, o.mediaContentList))
	c.one(jsonBenches(objStructList, o.structList))
	return c.ser, c.de, c.err
}

func gobSuite(o objects) ([]serBench, []deBench, error) {
	var c collector
	c.one(gobBenches(objSample, o.sample))
	c.one(gobBenches(objMediaContent, o.mediaContent))
	c.one(gobBenches(objStruct, o.strct))
	c.one(gobBenches(objSmallStruct, o.smallStruct))
	c.one(gobBenches(objSampleList, o.sampleList))
	c.one(gobBenches(objMediaContentList, o.mediaContentList))
	c.one(gobBenches(objStructList, o.structList))
	return c.ser, c.de, c.err
}
