package dev.counters.cli;

import dev.counters.CounterKind;
import dev.counters.CounterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Which kinds a command works on: those the user named, each checked to be served here, or all served here. */
final class Kinds {
    private Kinds() {}

    /**
     * The kinds in {@code requested} (in that order, without repeats), or every kind served here
     * when {@code requested} is null or empty.
     *
     * @throws UserInputException if a requested kind is served by no provider here
     */
    static List<CounterKind> chosenOrAvailable(CounterRegistry registry, List<CounterKind> requested) {
        List<CounterKind> available = new ArrayList<>();
        for (CounterKind kind : CounterKind.values()) {
            if (registry.providerFor(kind).isPresent()) {
                available.add(kind);
            }
        }
        if (requested == null || requested.isEmpty()) {
            return available;
        }
        List<CounterKind> chosen = new ArrayList<>();
        for (CounterKind kind : requested) {
            Optional<String> provider = registry.providerFor(kind);
            if (provider.isEmpty()) {
                throw new UserInputException(kind + " is not available here (run 'counters list' to see why); "
                        + "available kinds: " + String.join(", ", available.stream().map(Enum::name).toList()));
            }
            if (!chosen.contains(kind)) {
                chosen.add(kind);
            }
        }
        return chosen;
    }
}
