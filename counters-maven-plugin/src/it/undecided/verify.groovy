// Runs too long for the budget: undecided, and failIfUndecided failed the build (not as a regression).
def text = new File(basedir, 'target/counters/compare.txt').readLines()
assert text[0].startsWith('UNDECIDED: 0 of 1 tasks regressed') : text[0]
assert text.any { it.startsWith('A: the path ') && it.contains('gate-sample-1.0.jar') } : 'the baseline by path: ' + text
def json = new File(basedir, 'target/counters/compare.json').text
assert json =~ /"gate" ?: "undecided"/ : json
def log = new File(basedir, 'build.log').text
assert log.contains('(failIfUndecided)') && log.contains('BUILD FAILURE') : 'failIfUndecided failed the build'
println 'undecided: ' + text[0]
return true
