// Half the release's work: decided faster, the gate passed, the build succeeded.
def text = new File(basedir, 'target/counters/compare.txt').readLines()
assert text[0].startsWith('PASSED: 0 of 1 tasks regressed beyond a margin of 5.0%, 0 undecided, 0 failed, 1 passed') : text[0]
assert text.any { it.startsWith('A: com.example.gate:gate-sample:jar:1.0') } : 'the baseline by coordinates: ' + text
def json = new File(basedir, 'target/counters/compare.json').text
assert json =~ /"gate" ?: "passed"/ && json =~ /"verdict" ?: "faster"/ : json
def high = (json =~ /"ratio_high" ?: ([0-9.]+)/)[0][1] as double
assert high < 1 / 1.05 : 'the interval lies below 1 / (1 + margin): ' + json
assert new File(basedir, 'target/counters/compare.md').text.contains('| PASSED | faster |')
assert new File(basedir, 'build.log').text.contains('BUILD SUCCESS')
println 'faster: ' + text[0]
return true
