package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.counters.CounterRegistry;
import dev.counters.CounterKind;
import dev.counters.testing.FloorProvider;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every user mistake: exit code 2, a message naming what was wrong and the valid choices, never a stack trace. */
class BadInputTest {
    private static final java.util.regex.Pattern STACK_FRAME = java.util.regex.Pattern.compile("^\\s+at [\\w.$/]+\\(");

    private static Cli.Result mistake(String... args) {
        return mistake(CounterRegistry.systemDefault(), args);
    }

    private static Cli.Result mistake(CounterRegistry registry, String... args) {
        Cli.Result result = Cli.run(registry, args);
        assertEquals(CountersCommand.EXIT_USAGE, result.exitCode(), result.toString());
        assertEquals("", result.out(), "nothing on standard output");
        assertFalse(result.err().lines().anyMatch(line -> STACK_FRAME.matcher(line).find()), "no stack trace:\n" + result.err());
        return result;
    }

    private static void assertMentions(Cli.Result result, String... fragments) {
        for (String fragment : fragments) {
            assertTrue(result.err().contains(fragment), "missing '" + fragment + "' in:\n" + result.err());
        }
    }

    @Test
    void noSubcommandListsThem() {
        assertMentions(mistake(), "Missing subcommand", "cost", "list", "isolation", "measure", "frequency");
    }

    @Test
    void anUnknownSubcommandGetsASuggestionOrEverySubcommand() {
        assertMentions(mistake("frobnicate"), "'frobnicate'", "Did you mean: counters frequency?");
        assertMentions(mistake("zzz"), "'zzz'", "Commands: cost, list, isolation, measure, compare, frequency");
    }

    @Test
    void misspeltSubcommandIsSuggested() {
        assertMentions(mistake("cots"), "Did you mean", "cost");
    }

    @Test
    void aUsageErrorIsItsMessageASuggestionAndWhereTheHelpIs() {
        // Issue 23, item 12: every usage error was followed by the command's whole help, 29 to 73 lines.
        Cli.Result unknown = mistake("cost", "--frob");
        assertEquals(List.of("counters cost: Unknown option: '--frob'", "See 'counters cost --help'."),
                unknown.err().lines().toList());
        Cli.Result misspelt = mistake("cost", "--batchs", "3");
        assertMentions(misspelt, "'--batchs'", "Possible solutions: --batches", "See 'counters cost --help'.");
        assertMentions(mistake("cots"), "Did you mean: counters cost or counters compare?", "See 'counters --help'.");
        assertTrue(misspelt.err().lines().count() <= 4, misspelt.err());
        Cli.Result badValue = mistake("measure", "--runs", "0");
        assertEquals(List.of("counters measure: --runs must be from 1 to 100,000, was 0", "See 'counters measure --help'."),
                badValue.err().lines().toList());
    }

    @Test
    void unknownKindListsEveryKind() {
        assertMentions(mistake("cost", "--kind", "SUNDIAL"), "unknown kind 'SUNDIAL'", "HIGH_PERFORMANCE", "THREAD_TIMES");
    }

    @Test
    void aKindNobodyServesHereListsTheAvailableOnes() {
        CounterRegistry few = CounterRegistry.of(List.of(
                new FloorProvider(CounterKind.PERFORMANCE, CounterKind.HIGH_PERFORMANCE)));
        assertMentions(mistake(few, "cost", "--kind", "MULTIMEDIA"),
                "MULTIMEDIA is not available here", "HIGH_PERFORMANCE", "counters cost --help");
    }

    @Test
    void unknownUnitListsTheUnits() {
        assertMentions(mistake("isolation", "--unit", "fortnights"), "fortnights", "s, ms, us (or µs), ns");
    }

    @Test
    void unknownFormatListsTheFormats() {
        assertMentions(mistake("list", "--format", "xml"), "xml", "table, csv, markdown, json");
    }

    @Test
    void chartFileWithoutAKnownExtensionListsThem() {
        assertMentions(mistake("isolation", "--chart", "runs.pdf"), "runs.pdf", ".svg, .png");
    }

    @Test
    void malformedDurationsShowAnExample() {
        assertMentions(mistake("cost", "--budget", "soon"), "1200ms or 2s");
        assertMentions(mistake("cost", "--budget", "5 parsecs"), "parsecs", "s, ms, us (or µs), ns");
    }

    @Test
    void aMissingTaskClassSaysWhatToGive() {
        assertMentions(mistake("measure", "--task", "com.nowhere.Missing"),
                "no class 'com.nowhere.Missing' on the class path", "dev.counters.measure.Task", "--class-path");
    }

    @Test
    void aClassThatIsNoTaskIsNamed() {
        assertMentions(mistake("measure", "--task", TestTasks.NotATask.class.getName()),
                "TestTasks$NotATask does not implement dev.counters.measure.Task");
    }

    @Test
    void aTaskWithoutAUsableConstructorIsNamed() {
        assertMentions(mistake("measure", "--task", TestTasks.NeedsAnArgument.class.getName()),
                "needs a public constructor without arguments");
        assertMentions(mistake("measure", "--task", TestTasks.FailsToConstruct.class.getName()),
                "the constructor of", "threw", "no data file");
        assertMentions(mistake("measure", "--task", TestTasks.Hidden.class.getName()),
                "TestTasks$Hidden", "public");
    }

    @Test
    void aMissingClassPathEntryIsNamed() {
        assertMentions(mistake("measure", "--task", "x.Y", "--class-path", "/no/such/folder"),
                "'/no/such/folder' does not exist");
        assertMentions(mistake("measure", "--class-path", "/tmp"), "--class-path needs --task");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        // not positive
        "measure --runs 4 --trim 2 | must exceed twice --trim",
        "measure --warm-up 0s | '--warm-up': must be more than 0",
        "frequency --repeats 0 | --repeats must be from 1 to 10,000, was 0",
        "frequency --interval 0ms | '--interval': must be more than 0",
        "cost --batches 0 | --batches must be from 1 to 1,000, was 0",
        "cost --pairs -5 | --pairs must be from 1 to 1,000,000,000, was -5",
        "cost --budget 0ms | '--budget': must be more than 0",
        "isolation --runs 0 | --runs must be from 1 to 100,000, was 0",
        "isolation --threads 0 | --threads must be from 1 to 1,024, was 0",
        "cost --pairs many | 'many' is not an int",
        // too large to run
        "isolation --threads 100000 | --threads must be from 1 to 1,024, was 100,000",
        "frequency --repeats 2000000000 | --repeats must be from 1 to 10,000",
        "measure --runs 1000000 | --runs must be from 1 to 100,000",
        "cost --budget 999999999999s | at most 1 day",
        "measure --warm-up 99999999999s | at most 1 day",
    })
    void countsAndDurationsOutOfRangeAreRefused(String command, String message) {
        assertMentions(mistake(command.split(" ")), message);
    }

    @Test
    void aBudgetTooSmallToHonourIsRefused() {
        assertMentions(mistake("cost", "--budget", "1ns"), "--budget must be at least 10ms, was 1 ns",
                "1,000 pairs");
    }

    @Test
    void hugeWorkloadsAreRefused() {
        assertMentions(mistake("measure", "--iterations", "9223372036854775807"),
                "--iterations must be from 1 to 10,000,000,000");
        assertMentions(mistake("isolation", "--iterations", "9223372036854775807"),
                "--iterations must be from 1 to 10,000,000,000");
        assertMentions(mistake("frequency", "--interval", "86400s", "--repeats", "10000"),
                "--interval must be at most 10s");
        assertMentions(mistake("frequency", "--interval", "10s", "--repeats", "100", "--timeout", "60s"),
                "--repeats 100 of --interval 10000ms sample for 1000s, which --timeout 60s would cut short");
    }

    @Test
    void aTaskWhoseStaticInitialiserThrowsIsReportedWithTheCause() {
        assertMentions(mistake("measure", "--task", TestTasks.FailsToInitialise.class.getName()),
                "the static initialiser of " + TestTasks.FailsToInitialise.class.getName()
                        + " threw java.lang.IllegalStateException: no.such.setting is not set");
    }

    @Test
    void aCorruptJarInTheClassPathIsNamedAsSuch(@org.junit.jupiter.api.io.TempDir java.nio.file.Path folder)
            throws java.io.IOException {
        java.nio.file.Path jar = java.nio.file.Files.writeString(folder.resolve("notajar.jar"), "not a zip file");
        assertMentions(mistake("measure", "--task", "x.Y", "--class-path", jar.toString()),
                "--class-path entry '" + jar + "' is not a readable jar");
    }

    @Test
    void aTaskThatThrowsIsTheUsersMistakeAndShowsItsCause() {
        Cli.Result result = Cli.run("measure", "--task", TestTasks.ThrowsWhileRunning.class.getName(), "--runs", "3",
                "--trim", "0", "--warm-up", "1ms");
        assertEquals(CountersCommand.EXIT_USAGE, result.exitCode(), result.toString());
        TaskFailureTest.assertNoFigures(result.out());
        assertMentions(result, "input.csv: No such file or directory", "Fix the task");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "measure --timeout 0s | --timeout",
        "compare --timeout 0ms | --timeout",
        "isolation --timeout 0s | --timeout",
        "frequency --timeout 0us | --timeout",
        "measure --warm-up 0ms | --warm-up",
        "compare --warm-up 0ms | --warm-up",
        "compare --budget 0s | --budget",
        "cost --budget 0s | --budget",
        "frequency --interval 0ns | --interval",
    })
    void aZeroDurationIsAUsageErrorForEveryOption(String command, String option) {
        // Issue 23, item 8: --timeout 0s was accepted and ended the command at once with exit 3.
        assertMentions(mistake(command.split(" ")), "Invalid value for option '" + option + "': must be more than 0");
    }

    @Test
    void aNumberTooLargeForADurationIsCalledTooLarge() {
        // Issue 23, item 9: this said "Unknown time unit '99999999s'".
        Cli.Result result = mistake("measure", "--warm-up=99999999999999999999s");
        assertMentions(result, "the number 99999999999999999999 is too large: at most 1 day (86400s)");
        assertFalse(result.err().contains("Unknown time unit"), result.err());
        assertMentions(mistake("cost", "--budget", "86401s"), "the number 86401 is too large");
    }

    @Test
    void controlCharactersInAClassPathEntryAreShownEscapedNeverSentToTheTerminal() {
        // Issue 23, item 9: an escape sequence in --class-path was echoed raw, and the terminal obeyed it.
        Cli.Result result = mistake("measure", "--task", "x.Y", "--class-path", "/no/such\u001b[2J\u001b[31mred\rlib.jar");
        assertMentions(result, "--class-path entry '/no/such\\u001b[2J\\u001b[31mred\\rlib.jar' does not exist");
        assertTrue(result.err().chars().noneMatch(c -> c == 0x1b || c == '\r'), result.err());
    }

    @Test
    void controlCharactersInAnyUsageErrorAreShownEscaped() {
        Cli.Result result = mistake("cost", "--kind", "TICK\u001b[31m");
        assertTrue(result.err().chars().noneMatch(c -> c == 0x1b), result.err());
        assertMentions(result, "TICK\\u001b[31m");
    }
}
