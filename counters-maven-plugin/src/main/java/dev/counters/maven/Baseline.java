package dev.counters.maven;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.resolution.VersionRangeRequest;
import org.eclipse.aether.resolution.VersionRangeResolutionException;
import org.eclipse.aether.resolution.VersionRangeResult;
import org.eclipse.aether.version.Version;

/**
 * Build A of the gate: the baseline's classes and its runtime dependencies, found with Maven's
 * resolver in the project's repositories (the local one first), or a path given.
 */
final class Baseline {
    private final RepositorySystem system;
    private final RepositorySystemSession session;
    private final List<RemoteRepository> repositories;

    Baseline(RepositorySystem system, RepositorySystemSession session, List<RemoteRepository> repositories) {
        this.system = system;
        this.repositories = repositories;
        this.session = session;
    }

    /** What a baseline resolved to: a description for the log and reports, and its class path entries. */
    static final class Resolved {
        final String description;
        final List<File> classPath;

        Resolved(String description, List<File> classPath) {
            this.description = description;
            this.classPath = List.copyOf(classPath);
        }
    }

    /**
     * The baseline {@code given}: empty for the newest release of {@code groupId:artifactId} other
     * than {@code currentVersion}; {@code groupId:artifactId:version} (or with an extension,
     * {@code g:a:ext:v}) for those coordinates; otherwise a path to a jar or a directory of classes.
     */
    Resolved resolve(String given, String groupId, String artifactId, String currentVersion, File baseDir)
            throws MojoExecutionException {
        if (given == null || given.isBlank()) {
            return artifact(new DefaultArtifact(groupId, artifactId, "jar", newestRelease(groupId, artifactId, currentVersion)));
        }
        File path = new File(given);
        if (!path.isAbsolute()) {
            path = new File(baseDir, given).toPath().normalize().toFile();
        }
        if (path.exists()) {
            return new Resolved("the path " + path, List.of(path));
        }
        String[] parts = given.trim().split(":");
        if (parts.length == 3 || parts.length == 4) {
            return artifact(new DefaultArtifact(given.trim()));
        }
        throw new MojoExecutionException("the baseline '" + given + "' is neither an existing path nor coordinates "
                + "groupId:artifactId:version; give a jar, a directory of classes, or coordinates, or leave it out for the "
                + "newest release of " + groupId + ":" + artifactId);
    }

    /** The newest version of {@code groupId:artifactId} in the repositories that is neither a SNAPSHOT nor {@code currentVersion}. */
    String newestRelease(String groupId, String artifactId, String currentVersion) throws MojoExecutionException {
        VersionRangeResult range;
        try {
            range = system.resolveVersionRange(session, new VersionRangeRequest(
                    new DefaultArtifact(groupId, artifactId, "jar", "[0,)"), repositories, null));
        } catch (VersionRangeResolutionException e) {
            throw new MojoExecutionException("cannot list the versions of " + groupId + ":" + artifactId + ": " + e.getMessage(), e);
        }
        List<Version> releases = new ArrayList<>();
        for (Version version : range.getVersions()) {
            String text = version.toString();
            if (!text.endsWith("SNAPSHOT") && !text.equals(currentVersion)) {
                releases.add(version);
            }
        }
        if (releases.isEmpty()) {
            throw new MojoExecutionException("no release of " + groupId + ":" + artifactId + " other than " + currentVersion
                    + " was found in the repositories " + ids() + " to compare against (versions found: " + range.getVersions()
                    + "); give one with <baseline>groupId:artifactId:version</baseline> or a path, or skip the gate with "
                    + "-Dcounters.skip until the first release");
        }
        return releases.get(releases.size() - 1).toString();
    }

    private List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (RemoteRepository repository : repositories) {
            ids.add(repository.getId());
        }
        return ids;
    }

    /**
     * The artifact's file and those of its runtime dependencies, the artifact first (the resolver
     * collects no test, provided or optional dependency of a dependency).
     */
    private Resolved artifact(Artifact artifact) throws MojoExecutionException {
        CollectRequest collect = new CollectRequest(new Dependency(artifact, "runtime"), repositories);
        try {
            List<File> files = new ArrayList<>();
            for (ArtifactResult result : system.resolveDependencies(session, new DependencyRequest(collect, null))
                    .getArtifactResults()) {
                files.add(result.getArtifact().getFile());
            }
            return new Resolved(artifact.toString(), files);
        } catch (DependencyResolutionException e) {
            throw new MojoExecutionException("cannot resolve the baseline " + artifact + " and its runtime dependencies from "
                    + ids() + ": " + e.getMessage(), e);
        }
    }
}
