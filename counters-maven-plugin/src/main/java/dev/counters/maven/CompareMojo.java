package dev.counters.maven;

import dev.counters.measure.Compare;
import dev.counters.measure.CompareSuite;
import dev.counters.measure.GateOutcome;
import dev.counters.measure.SuiteResult;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.repository.RemoteRepository;

/**
 * The performance gate of a build: compares the project's task classes (in its test classes) as
 * built now against a baseline, by default the newest release of the project's own artifact, and
 * fails the build when a task is slower by more than the margin. Bound to {@code verify}:
 *
 * <pre>{@code
 * <plugin>
 *   <groupId>dev.counters</groupId>
 *   <artifactId>counters-maven-plugin</artifactId>
 *   <executions><execution><goals><goal>compare</goal></goals></execution></executions>
 *   <configuration><margin>2%</margin><budget>28s</budget></configuration>
 * </plugin>
 * }</pre>
 *
 * <p><b>The two builds.</b> The task classes live in the test classes and call the project's code.
 * Build A's class loader sees the baseline jar and its runtime dependencies first, then the test
 * classes and the project's test class path without its own classes; build B's sees the project's
 * classes first, then the test classes and the same class path. So the same task class, loaded once
 * in each build's loader, calls the old code in A and the new code in B. A task that calls what the
 * baseline lacks fails in A: it is reported and fails the build, so leave such tasks out
 * ({@code excludes}) until the next release. Classes of the packages {@code dev.counters.*} always
 * come from the plugin, so the gate cannot compare builds of counters itself.
 *
 * <p><b>The outcome.</b> The build fails ({@link MojoFailureException}) exactly when the suite
 * regressed ({@link GateOutcome#REGRESSED}: some task's whole interval of B/A lies above
 * {@code 1 + margin}); an undecided suite passes with a warning unless {@code failIfUndecided}; a
 * task that failed to run fails the build as an error ({@link MojoExecutionException}).
 */
// Maven 3.8's plugins get the resolver through @Component; its replacement (JSR-330 constructors) needs 3.9.
@SuppressWarnings("deprecation")
@Mojo(name = "compare", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.TEST,
        threadSafe = true)
public final class CompareMojo extends AbstractMojo {
    /** Skips the gate. */
    @Parameter(property = "counters.skip", defaultValue = "false")
    private boolean skip;

    /**
     * Build A: empty for the newest release of this project's artifact in its repositories (SNAPSHOTs
     * and this version left out); {@code groupId:artifactId:version}; or a path to a jar or a directory of classes.
     */
    @Parameter(property = "counters.baseline")
    private String baseline;

    /** The package (and its sub-packages) of the test classes in which every task class is compared; empty for all. */
    @Parameter(property = "counters.package", defaultValue = "")
    private String taskPackage;

    /** The task classes to compare, instead of every one in {@code taskPackage}. */
    @Parameter(property = "counters.tasks")
    private List<String> tasks;

    /** Task classes to leave out (for example one that calls what the baseline lacks). */
    @Parameter(property = "counters.excludes")
    private List<String> excludes;

    /** The largest slowdown that does not fail the build: {@code 2%} or {@code 0.02}. */
    @Parameter(property = "counters.margin", defaultValue = "2%")
    private String margin;

    /** Each task's budget: {@code 28s}, {@code 1500ms}, {@code 2m}; by default the library's (28 s). */
    @Parameter(property = "counters.budget")
    private String budget;

    /** Per-task budgets, by task class name. */
    @Parameter
    private Map<String, String> budgets;

    /** The fresh JVMs of each task: 0 for Maven's own JVM only, 2 or more, or -1 for the library's default (one per 2.5 s of the budget: 11 in 28 s). */
    @Parameter(property = "counters.forks", defaultValue = "-1")
    private int forks;

    /** The forks' JVM options (they do not inherit Maven's). */
    @Parameter(property = "counters.jvmArgs")
    private List<String> jvmArgs;

    /** Fails the build when the suite could not tell, as well as on a regression. */
    @Parameter(property = "counters.failIfUndecided", defaultValue = "false")
    private boolean failIfUndecided;

    @Parameter(property = "counters.reportsDirectory", defaultValue = "${project.build.directory}/counters")
    private File reportsDirectory;

    @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true)
    private File classesDirectory;

    @Parameter(defaultValue = "${project.build.testOutputDirectory}", readonly = true)
    private File testClassesDirectory;

    @Parameter(defaultValue = "${project}", readonly = true)
    private MavenProject project;

    @Parameter(defaultValue = "${plugin}", readonly = true)
    private PluginDescriptor plugin;

    @Parameter(defaultValue = "${repositorySystemSession}", readonly = true)
    private RepositorySystemSession repositorySession;

    @Parameter(defaultValue = "${project.remoteProjectRepositories}", readonly = true)
    private List<RemoteRepository> repositories;

    @Component
    private RepositorySystem repositorySystem;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("counters: the performance gate is skipped (counters.skip)");
            return;
        }
        if (!testClassesDirectory.isDirectory()) {
            throw new MojoExecutionException("there are no test classes in " + testClassesDirectory + " to find task "
                    + "classes in: write the tasks (classes implementing dev.counters.measure.Task) under src/test/java");
        }
        Baseline.Resolved a = new Baseline(repositorySystem, repositorySession, repositories).resolve(baseline,
                project.getGroupId(), project.getArtifactId(), project.getVersion(), project.getBasedir());
        SuiteResult suite = run(a);
        try {
            SuiteReports.write(suite, a.description, reportsDirectory.toPath());
            String stepSummary = System.getenv("GITHUB_STEP_SUMMARY");
            if (stepSummary != null && !stepSummary.isBlank()) {
                SuiteReports.append(suite, a.description, Path.of(stepSummary));
            }
        } catch (IOException e) {
            throw new MojoExecutionException("cannot write the reports to " + reportsDirectory + ": " + e.getMessage(), e);
        }
        judge(suite);
    }

    private SuiteResult run(Baseline.Resolved a) throws MojoExecutionException {
        List<File> shared = sharedClassPath();
        List<File> classPathA = new ArrayList<>(a.classPath);
        classPathA.add(testClassesDirectory);
        classPathA.addAll(shared);
        List<File> classPathB = new ArrayList<>(List.of(classesDirectory, testClassesDirectory));
        classPathB.addAll(shared);
        List<String> names = taskNames();
        getLog().info("counters: comparing " + names.size() + " task" + (names.size() == 1 ? "" : "s") + " of "
                + project.getArtifactId() + ", A " + a.description + " against B this build, margin " + margin + ", budget "
                + (budget != null ? budget : Compare.DEFAULT_BUDGET.toSeconds() + "s") + " each");
        CompareSuite suite;
        try {
            suite = CompareSuite.ofBuilds(names, join(classPathA), join(classPathB)).margin(Settings.margin(margin))
                    .classPath(join(libraryClassPath())).jvmArgsAppend(jvmArgs == null ? List.of() : jvmArgs)
                    .each(c -> c.jvmArgs(List.of()));
            if (budget != null) {
                suite.budget(Settings.duration(budget, "the budget"));
            }
            if (forks >= 0) {
                suite.forks(forks);
            }
            if (budgets != null) {
                for (Map.Entry<String, String> task : budgets.entrySet()) {
                    suite.budget(task.getKey(), Settings.duration(task.getValue(), "the budget of " + task.getKey()));
                }
            }
            return suite.run(task -> getLog().info("counters: " + task));
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new MojoExecutionException("counters: " + e.getMessage(), e);
        }
    }

    private void judge(SuiteResult suite) throws MojoExecutionException, MojoFailureException {
        GateOutcome outcome = suite.gateOutcome();
        String reports = " (reports in " + reportsDirectory + ")";
        if (outcome == GateOutcome.REGRESSED) {
            throw new MojoFailureException("counters: " + suite.summary() + suite.regressions().stream()
                    .map(t -> "\n  " + t.task() + ": " + t.result().orElseThrow().summary()).collect(Collectors.joining())
                    + reports);
        }
        if (outcome == GateOutcome.FAILED) {
            SuiteResult.TaskOutcome first = suite.failures().get(0);
            throw new MojoExecutionException("counters: " + suite.summary() + " " + first.task() + " failed: "
                    + first.failure().orElseThrow() + reports, first.failure().orElseThrow());
        }
        if (outcome == GateOutcome.UNDECIDED) {
            if (failIfUndecided) {
                throw new MojoFailureException("counters: " + suite.summary() + " (failIfUndecided)" + reports);
            }
            getLog().warn("counters: " + suite.summary() + " Undecided tasks do not fail the build; a longer budget may "
                    + "decide them" + reports);
            return;
        }
        getLog().info("counters: " + suite.summary() + reports);
    }

    /** The task classes: those given, or every one in the package of the test classes, less the excluded. */
    private List<String> taskNames() throws MojoExecutionException {
        List<String> names;
        try {
            names = tasks != null && !tasks.isEmpty() ? new ArrayList<>(tasks)
                    : new ArrayList<>(CompareSuite.tasksIn(taskPackage == null ? "" : taskPackage, testClassesDirectory.getPath()));
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("counters: " + e.getMessage() + " (set <taskPackage> or <tasks>)", e);
        }
        if (excludes != null) {
            names.removeAll(excludes);
        }
        if (names.isEmpty()) {
            throw new MojoExecutionException("counters: every task class is excluded; nothing to compare");
        }
        return names;
    }

    /** The project's test class path without its own classes and test classes: what both builds share. */
    private List<File> sharedClassPath() throws MojoExecutionException {
        try {
            Set<File> files = new LinkedHashSet<>();
            for (String element : project.getTestClasspathElements()) {
                File file = new File(element);
                if (!file.equals(classesDirectory) && !file.equals(testClassesDirectory)) {
                    files.add(file);
                }
            }
            return new ArrayList<>(files);
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("the project's test class path is not resolved: " + e.getMessage(), e);
        }
    }

    /** Where the forks find counters (this plugin's own dependencies). */
    private List<File> libraryClassPath() {
        List<File> files = new ArrayList<>();
        for (Artifact artifact : plugin.getArtifacts()) {
            files.add(artifact.getFile());
        }
        return files;
    }

    private static String join(List<File> files) {
        return files.stream().map(File::getAbsolutePath).collect(Collectors.joining(File.pathSeparator));
    }

}
