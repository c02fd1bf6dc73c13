@icon("res://addons/horizons_edge/icons/table_journal.svg")
class_name RulesTableJournal
extends RefCounted
## A table's record on disk, written by a [RulesServer] before any peer is told anything, so a
## server killed at any moment resumes every table exactly where its players last saw it.[br][br]
## One file per table, [code]<code>.journal[/code] in the server's journal folder, one record a
## line: 16 hex digits (the start of the SHA-256 of the rest of the line), a space, and a JSON
## object. The first record is the table's header ([code]{"n": 0, "table": code,
## "options": {...}}[/code], the options it was created with); every later one
## ([code]"n"[/code] counting up) holds the game's replay ([method GameRules.save_replay]: seed,
## seating, config, the OS key that rekeyed it, every accepted command, the hooks' decisions) as
## a change of the previous record's: keep the first [code]"keep"[/code] characters, then append
## [code]"tail"[/code]. Commands are only ever appended, so a record is the new commands and
## little else. With it: [code]"hash"[/code] (the state hash after it, as a decimal string) and,
## when they changed, [code]"tokens"[/code] (each seat's rejoin token, by player id).[br][br]
## Each record is written with one [method FileAccess.store_string] and
## [method FileAccess.flush]: the line is in the operating system's hands (one
## [code]write(2)[/code]) before the table answers anyone. That survives the server process
## dying at any point ([code]kill -9[/code], a crash); it does not survive the machine losing
## power, since Godot has no [code]fsync[/code]: for that, put the journal folder on a file system
## mounted with [code]sync[/code] (or [code]data=journal[/code]).[br][br]
## Reading, a last line without its end of line or with a wrong checksum is a write the server
## did not finish (so no peer was told of it): it is dropped, with a log line, and the file
## rewritten without it. Any other bad line (a wrong checksum before the last, a record that is
## not the next one or does not fit, a header naming another table than the file's name) is
## damage, and the table is not resumed.[br][br]
## A finished table's journal is archived ([method archive]): its replay, gzipped, in
## [code]<code>.replay.gz[/code] ([code]zcat[/code] reads it; [method GameRules.load_replay]
## plays it), and the journal removed; [method prune] removes archives past an age.

## The file name's extension.
const EXTENSION := "journal"
## An archive's file name ends so.
const ARCHIVE_SUFFIX := ".replay.gz"
## Hex digits of each line's checksum.
const CHECKSUM_LENGTH := 16

## The table's code.
var code := ""
## The options the table was created with.
var options := {}
## The replay as last recorded.
var replay := ""
## The state hash after the last record (decimal).
var state_hash := ""
## Each seat's rejoin token, as last recorded (player_id -> token).
var tokens := {}
## Records in the file, the header included.
var records := 0
## Where the file is.
var path := ""
## What reading found, for the server's log ("" if nothing to say).
var note := ""

var _file: FileAccess


## Why journals cannot be kept in [param folder] ("" when they can): it must be a folder, or one
## that can be made, and take a file. Tried for real — the folder made, a test file written —
## and then taken back: nothing is left made or written. The nearest folder above it that
## exists is asked first, so that a file in the way is named.
static func folder_problem(folder: String) -> String:
	var path := ProjectSettings.globalize_path(folder)
	var missing: Array[String] = []
	var existing := path
	while not DirAccess.dir_exists_absolute(existing) and existing.get_base_dir() != existing:
		if FileAccess.file_exists(existing):
			return "%s is a file, not a folder" % existing
		missing.append(existing)
		existing = existing.get_base_dir()
	var problem := _write_problem(existing)
	if problem == "" and not missing.is_empty():
		# Why it cannot be made (a link to nowhere, a name too long) is said here, once: not
		# also as the engine's error.
		var printing := Engine.print_error_messages
		Engine.print_error_messages = false
		var made := DirAccess.make_dir_recursive_absolute(path)
		Engine.print_error_messages = printing
		problem = (
			_write_problem(path) if made == OK else "cannot create it (%s)" % error_string(made)
		)
		# Deepest first: what was made, even part of the way, goes again.
		for made_folder in missing:
			if DirAccess.dir_exists_absolute(made_folder):
				DirAccess.remove_absolute(made_folder)
	return problem


## Starts the journal of a new table in [param folder] (its header), or null with an error
## logged.
static func create(
	folder: String, table_code: String, table_options: Dictionary
) -> RulesTableJournal:
	var journal := RulesTableJournal.new()
	journal.code = table_code
	journal.options = table_options
	journal.path = folder.path_join("%s.%s" % [table_code, EXTENSION])
	journal._file = FileAccess.open(journal.path, FileAccess.WRITE)
	if journal._file == null:
		push_error("RulesTableJournal: cannot create %s: %s" % [journal.path, _open_error()])
		return null
	var header := {"n": 0, "table": table_code, "options": table_options}
	if journal._write(header) != OK:
		return null
	return journal


## Reads the journal at [param file_path], dropping a torn last record; null (with an error
## logged) if the file is damaged beyond that. A journal without one whole line (the server
## stopped while writing its header) has 0 [member records] and no file open.
static func open(file_path: String) -> RulesTableJournal:
	var journal := RulesTableJournal.new()
	journal.path = file_path
	var text := FileAccess.get_file_as_string(file_path)
	var lines := text.split("\n")
	# A whole file ends with an end of line: the last piece is "" or a torn record.
	var torn := lines[lines.size() - 1]
	lines.resize(lines.size() - 1)
	var good: Array[String] = []
	for index in lines.size():
		var record: Variant = _parse(lines[index])
		if record == null and index == lines.size() - 1:
			torn = lines[index] + "\n" + torn
			break
		var number: Variant = record.get("n") if record is Dictionary else null
		if not (number is float and number == index):
			push_error("RulesTableJournal: %s: record %d is damaged" % [file_path, index])
			return null
		if not journal._take(record):
			push_error("RulesTableJournal: %s: record %d does not fit" % [file_path, index])
			return null
		good.append(lines[index])
	if journal.records == 0 and lines.is_empty():
		# Not even one line is whole (an empty file, a header cut off): the server stopped
		# while opening the table, before anyone was told of it.
		journal.note = "only an unfinished header (%d bytes)" % torn.to_utf8_buffer().size()
		return journal
	if journal.records == 0:
		push_error("RulesTableJournal: %s has no header" % file_path)
		return null
	if journal.code != file_path.get_file().get_basename():
		var named := "RulesTableJournal: %s: its header names table %s" % [file_path, journal.code]
		push_error(named)
		return null
	if torn != "":
		journal.note = (
			"the last record is torn (%d bytes, a write the server did not finish); dropped"
			% torn.to_utf8_buffer().size()
		)
		if not _rewrite(file_path, good):
			return null
	journal._file = FileAccess.open(file_path, FileAccess.READ_WRITE)
	if journal._file == null:
		push_error("RulesTableJournal: cannot reopen %s: %s" % [file_path, _open_error()])
		return null
	journal._file.seek_end()
	return journal


## Removes the archives in [param folder] last written more than [param max_age_sec] seconds
## before [param now_unix] (Unix time); returns how many.
static func prune(folder: String, max_age_sec: float, now_unix: float) -> int:
	var removed := 0
	for file in DirAccess.get_files_at(folder):
		var file_path := folder.path_join(file)
		if file.ends_with(ARCHIVE_SUFFIX):
			if now_unix - FileAccess.get_modified_time(file_path) > max_age_sec:
				removed += int(DirAccess.remove_absolute(file_path) == OK)
	return removed


# The JSON on [param line] (a record, if the line is not damaged), or null if its checksum is
# wrong: a line the server did not finish writing.
static func _parse(line: String) -> Variant:
	var payload := line.substr(CHECKSUM_LENGTH + 1)
	if line.left(CHECKSUM_LENGTH) != payload.sha256_text().left(CHECKSUM_LENGTH):
		return null
	return JSON.parse_string(payload)


# Writes [param lines] as the whole file, through a new file renamed over the old one.
static func _rewrite(file_path: String, lines: Array[String]) -> bool:
	var fresh := FileAccess.open(file_path + ".tmp", FileAccess.WRITE)
	if fresh == null:
		push_error("RulesTableJournal: cannot rewrite %s: %s" % [file_path, _open_error()])
		return false
	for line in lines:
		fresh.store_string(line + "\n")
	fresh.close()
	var error := DirAccess.rename_absolute(file_path + ".tmp", file_path)
	if error != OK:
		push_error("RulesTableJournal: cannot replace %s: %s" % [file_path, error_string(error)])
	return error == OK


# How many characters [param old] and [param new] share at their start. Commands are appended,
# so the answer is near the end of [param old]: looked for backwards in growing steps, then
# narrowed down.
static func _common_prefix(old: String, new: String) -> int:
	var high := old.length()
	var step := 1
	var low := high
	while low > 0 and not new.begins_with(old.left(low)):
		high = low
		low = maxi(0, low - step)
		step *= 2
	# new starts with old's first low characters, not with its first high (unless equal).
	while high - low > 1:
		var middle := (low + high) / 2
		if new.begins_with(old.left(middle)):
			low = middle
		else:
			high = middle
	return high if new.begins_with(old.left(high)) else low


# [param seat_tokens] with String keys, as JSON has them.
static func _keyed(seat_tokens: Dictionary) -> Dictionary:
	var keyed := {}
	for player_id in seat_tokens:
		keyed[str(player_id)] = seat_tokens[player_id]
	return keyed


# Why no file can be written in the folder at [param path] ("" when one can).
static func _write_problem(path: String) -> String:
	var probe := path.path_join(".horizons-edge-write-check")
	var file := FileAccess.open(probe, FileAccess.WRITE)
	if file == null:
		return "cannot write in %s (%s)" % [path, _open_error()]
	file.close()
	DirAccess.remove_absolute(probe)
	return ""


static func _open_error() -> String:
	return error_string(FileAccess.get_open_error())


## Records [param rules]' game and [param seat_tokens] if either changed since the last record;
## returns once the record is with the operating system (see the class docs).
func append(rules: GameRules, seat_tokens: Dictionary) -> Error:
	var hash_now := str(rules.get_state_hash())
	if hash_now == state_hash and seat_tokens == tokens:
		return OK
	var now := rules.save_replay()
	var keep := _common_prefix(replay, now)
	var record := {"n": records, "keep": keep, "tail": now.substr(keep), "hash": hash_now}
	if seat_tokens != tokens:
		record["tokens"] = _keyed(seat_tokens)
	var error := _write(record)
	if error == OK:
		replay = now
		state_hash = hash_now
		tokens = seat_tokens.duplicate()
	return error


## Closes the journal and replaces it with its archive (see the class docs); returns the
## archive's path, or "" (with an error logged, the journal left) if it cannot be written.
func archive() -> String:
	close()
	var archive_path := path.get_base_dir().path_join(code + ARCHIVE_SUFFIX)
	var file := FileAccess.open(archive_path, FileAccess.WRITE)
	if file == null:
		push_error("RulesTableJournal: cannot write %s: %s" % [archive_path, _open_error()])
		return ""
	file.store_buffer(replay.to_utf8_buffer().compress(FileAccess.COMPRESSION_GZIP))
	file.close()
	DirAccess.remove_absolute(path)
	return archive_path


## Closes the file.
func close() -> void:
	if _file:
		_file.close()
	_file = null


func _write(record: Dictionary) -> Error:
	var payload := JSON.stringify(record)
	_file.store_string("%s %s\n" % [payload.sha256_text().left(CHECKSUM_LENGTH), payload])
	_file.flush()
	var error := _file.get_error()
	if error != OK:
		push_error("RulesTableJournal: cannot write %s: %s" % [path, error_string(error)])
		return error
	records += 1
	return OK


# Takes in one checked record; false if it does not follow from the ones before.
func _take(record: Dictionary) -> bool:
	records += 1
	if records == 1:
		code = str(record.get("table", ""))
		options = record.get("options", {}) if record.get("options") is Dictionary else {}
		return code != "" and code.is_valid_filename() and not "." in code
	var keep: Variant = record.get("keep")
	var tail: Variant = record.get("tail")
	var seats: Variant = record.get("tokens", {})
	if not (keep is float and tail is String and seats is Dictionary):
		return false
	if int(keep) > replay.length():
		return false
	replay = replay.left(int(keep)) + tail
	state_hash = str(record.get("hash", ""))
	if record.has("tokens"):
		tokens = {}
		for key: String in seats:
			tokens[int(key)] = str(seats[key])
	return true
