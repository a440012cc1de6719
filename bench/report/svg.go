package main

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// Chart geometry, in SVG user units.
const (
	panelW   = 640.0 // one panel: labels, bars, values
	labelW   = 260.0 // room for "fury wire, hand-written, compatible, reuse"
	barMaxW  = 250.0
	rowH     = 17.0
	titleH   = 24.0
	panelGap = 14.0
	headerH  = 70.0
	margin   = 8.0
)

// barColor picks a color per library family.
func barColor(lib string) string {
	switch {
	case isFury(lib):
		return "#e8710a"
	case strings.HasPrefix(lib, "protobuf"):
		return "#4285f4"
	case strings.HasPrefix(lib, "vtprotobuf"):
		return "#174ea6"
	case strings.HasPrefix(lib, "msgp"):
		return "#a142f4"
	case strings.HasPrefix(lib, "flatbuffers"):
		return "#34a853"
	case strings.HasPrefix(lib, "ideal"):
		return "#5f6368"
	case strings.HasPrefix(lib, "handwire"):
		return "#202124"
	case strings.HasPrefix(lib, "mus"):
		return "#00897b"
	default:
		return "#9aa0a6"
	}
}

// baseline libraries are slow enough to flatten every other bar; the scale of
// a panel ignores them and their bars are clipped.
func baseline(lib string) bool { return lib == "json" || lib == "gob" }

// writeSVG draws one panel per direction (columns) and object (rows): a
// horizontal bar of ns/op per library, shorter is faster.
func writeSVG(w io.Writer, d *data) error {
	type panel struct {
		g    *group
		x, y float64
	}
	var panels []panel
	height := headerH
	for _, obj := range objects {
		rowHeight := 0.0
		for col, dir := range directions {
			g := d.group(dir, obj)
			if g == nil {
				continue
			}
			panels = append(panels, panel{g, margin + float64(col)*(panelW+panelGap), height})
			rowHeight = math.Max(rowHeight, titleH+rowH*float64(len(g.results))+panelGap)
		}
		height += rowHeight
	}
	width := 2*margin + 2*panelW + panelGap

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="11">`+"\n",
		width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#ffffff"/>`+"\n")
	fmt.Fprintf(&b, `<text x="8" y="20" font-size="15" font-weight="bold">ns/op per library (shorter is faster)</text>`+"\n")
	fmt.Fprintf(&b, `<text x="8" y="38" fill="#5f6368">benchstat medians; (n×) is the time divided by fury-gen's, else fury-reflect's; bars past the scale (json, gob) are cut.</text>`+"\n")
	fmt.Fprintf(&b, `<text x="8" y="54" fill="#5f6368">fury orange, protobuf blue, vtprotobuf dark blue, msgp purple, flatbuffers green, ideal (hand-written encoder and decoder) dark grey, fury wire, hand-written (handwire) black, mus teal, json and gob light grey.</text>`+"\n")

	for _, p := range panels {
		g := p.g
		_, refs := refs(g)
		scale := 0.0
		for _, r := range g.results {
			if !baseline(r.lib) && !math.IsNaN(r.ns) {
				scale = math.Max(scale, r.ns)
			}
		}
		if scale == 0 {
			for _, r := range g.results {
				scale = math.Max(scale, r.ns)
			}
		}
		fmt.Fprintf(&b, `<g transform="translate(%.0f,%.0f)">`+"\n", p.x, p.y)
		fmt.Fprintf(&b, `<text x="0" y="14" font-size="13" font-weight="bold">%s %s</text>`+"\n",
			html.EscapeString(g.dir), html.EscapeString(g.object))
		for i, r := range g.results {
			y := titleH + rowH*float64(i)
			fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" text-anchor="end">%s</text>`+"\n", labelW-6, y+11, html.EscapeString(chartLabel(r.lib)))
			bw := 0.0
			if scale > 0 && !math.IsNaN(r.ns) {
				bw = math.Min(r.ns/scale, 1) * barMaxW
			}
			fmt.Fprintf(&b, `<rect x="%.0f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`+"\n",
				labelW, y+2, bw, rowH-5, barColor(r.lib))
			label := fmtTime(r.ns)
			if r.ns > scale {
				label = "» " + label
			}
			if len(refs) > 0 && !isFury(r.lib) {
				label += fmt.Sprintf(" (%s×)", fmtRatio(ratio(r, refs[0])))
			}
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f">%s</text>`+"\n", labelW+bw+4, y+11, html.EscapeString(label))
		}
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
