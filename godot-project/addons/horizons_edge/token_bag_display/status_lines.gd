@tool
extends RefCounted
## The status lines of a [TokenBagDisplay]: the hint under whose token it is and the lines at a
## round's end, and the words of the hint and the banner fitted to their width, so that no word is
## cut across lines (they wrap where Unicode's line breaking allows: at spaces, after a hyphen,
## between CJK characters; the token's own line keeps one line: its Label ends it in "…").

## What ends a word or a text cut to fit.
const ELLIPSIS := "…"
## What stands between the names in the "Next:" hint (a text is not cut after one).
const ARROW := "→"


## The line under whose token it is in a running round: [param remaining] of [param total]
## tokens left (a warning from [param threshold] down) or, in seat or initiative order, the
## names of the next to act ([param next_names], the first three shown).
static func hint(
	remaining: int, total: int, threshold: int, next_names: PackedStringArray
) -> String:
	if total == 0:
		return "The bag is empty"
	if remaining == 0:
		return "The bag is empty: the last activation"
	if remaining == 1:
		return "Last token in the bag!"
	if remaining <= threshold:
		return "Only %d tokens left!" % remaining
	if not next_names.is_empty():
		return "Next: %s" % (" %s " % ARROW).join(next_names.slice(0, 3))
	return "%d of %d tokens left" % [remaining, total]


## The two lines at a round's end (whose token it is, and the hint): [param all_drawn], whether
## every token was drawn (an effect or an elimination may have emptied the bag), and
## [param last], whether it was the game's last round.
static func round_over(all_drawn: bool, last: bool) -> PackedStringArray:
	var over := "Every player has acted" if all_drawn else "The round is over"
	return PackedStringArray(
		[
			"All tokens drawn" if all_drawn else "The bag is empty",
			over + (": that was the last round" if last else "; the next bag is being filled"),
		]
	)


## Shows [param text] on [param label], which wraps between words only: a word wider than the
## label (a long name) is cut to fit and ends in "…", and so does the text after the last word
## that fits in the label's [member Label.max_lines_visible] lines (when it has a limit); then the
## whole text is the label's tooltip. Measured on the label's parent, which is laid out even while
## the label is hidden: call it again when that one's width changes.
static func show_words(label: Label, text: String) -> void:
	var parent := label.get_parent_control()
	var width := parent.size.x if parent != null else label.size.x
	width -= label.get_theme_stylebox("normal").get_minimum_size().x
	var font := label.get_theme_font("font")
	var font_size := label.get_theme_font_size("font_size")
	var words := text.split(" ")
	for index in words.size():
		words[index] = _fitted(words[index], font, font_size, width)
	var fitted := " ".join(words)
	var lines := label.max_lines_visible
	if width > 0.0 and lines > 0:
		while words.size() > 1 and _line_count(fitted, font, font_size, width) > lines:
			words.resize(words.size() - 1)
			while words.size() > 1 and words[words.size() - 1] == ARROW:
				words.resize(words.size() - 1)
			fitted = " ".join(words)
			fitted += "" if fitted.ends_with(ELLIPSIS) else ELLIPSIS
	label.text = fitted
	label.tooltip_text = text if fitted != text else ""


# [param word] cut to [param width] with an ellipsis, if it is wider (not before the label has a
# width).
static func _fitted(word: String, font: Font, font_size: int, width: float) -> String:
	if width <= 0.0 or _width_of(word, font, font_size) <= width:
		return word
	var cut := word
	while cut.length() > 1 and _width_of(cut + ELLIPSIS, font, font_size) > width:
		cut = cut.left(-1)
	return cut + ELLIPSIS


static func _width_of(text: String, font: Font, font_size: int) -> float:
	return font.get_string_size(text, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x


# How many lines [param text] takes at [param width], wrapped between words as a Label does.
static func _line_count(text: String, font: Font, font_size: int, width: float) -> int:
	var paragraph := TextParagraph.new()
	paragraph.add_string(text, font, font_size)
	paragraph.width = width
	paragraph.break_flags = (
		TextServer.BREAK_MANDATORY | TextServer.BREAK_WORD_BOUND | TextServer.BREAK_TRIM_EDGE_SPACES
	)
	return paragraph.get_line_count()
