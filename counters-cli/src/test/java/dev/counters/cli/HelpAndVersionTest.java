package dev.counters.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class HelpAndVersionTest {

    @Test
    void versionNamesTheProjectVersionAndTheJvm() {
        Cli.Result result = Cli.run("--version");
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.out().startsWith("counters " + VersionProvider.projectVersion()), result.out());
        assertTrue(!VersionProvider.projectVersion().contains("unknown"), result.out());
        assertTrue(result.out().contains("Java " + System.getProperty("java.version")), result.out());
    }

    @Test
    void topLevelHelpListsEverySubcommandAndTheExitCodes() {
        Cli.Result result = Cli.run("--help");
        assertEquals(0, result.exitCode(), result.toString());
        for (String subcommand : new String[] {"cost", "list", "isolation", "measure", "compare", "frequency"}) {
            assertTrue(result.out().contains("  " + subcommand + " "), result.out());
        }
        assertTrue(result.out().contains("Exit codes:"), result.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"cost", "list", "isolation", "measure", "compare", "frequency"})
    void everySubcommandHasHelp(String subcommand) {
        Cli.Result result = Cli.run(subcommand, "--help");
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.out().startsWith("Usage: counters " + subcommand + " "), result.out());
        assertTrue(result.out().contains("--format"), result.out());
        assertTrue(result.out().contains("--help"), result.out());
        assertFalse(result.out().toLowerCase(java.util.Locale.ROOT).matches("(?s).*\\bseeds? ?0.*"),
                "no 'seed 00N' that means nothing to a user:\n" + result.out());
    }

    @Test
    void helpSubcommandShowsASubcommandsHelp() {
        Cli.Result result = Cli.run("help", "cost");
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.out().contains("--batches"), result.out());
    }
}
