@tool
extends RefCounted
## Readable text on coloured backgrounds, by the WCAG 2 contrast ratio.

## The least contrast ratio between text and what is behind it: WCAG 2 AA for normal text.
const MIN_CONTRAST := 4.5


## [param color] lightened (or darkened, on a light [param background]) just enough to be read on
## [param background]: a contrast ratio of at least [constant MIN_CONTRAST].
static func readable_on(color: Color, background: Color) -> Color:
	var lighten := luminance(background) < 0.18
	var step := 0
	while ratio(color, background) < MIN_CONTRAST and step < 20:
		color = color.lightened(0.1) if lighten else color.darkened(0.1)
		step += 1
	return color


## Black or white, whichever reads better on [param background].
static func ink_on(background: Color) -> Color:
	return (
		Color.WHITE
		if ratio(Color.WHITE, background) > ratio(Color.BLACK, background)
		else Color.BLACK
	)


## The contrast ratio of two colours, from 1 (none) to 21 (black on white).
static func ratio(a: Color, b: Color) -> float:
	var lighter := maxf(luminance(a), luminance(b))
	var darker := minf(luminance(a), luminance(b))
	return (lighter + 0.05) / (darker + 0.05)


## The relative luminance of an sRGB colour, from 0 (black) to 1 (white).
static func luminance(color: Color) -> float:
	return color.srgb_to_linear().get_luminance()
