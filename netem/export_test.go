package netem

// Early is how early the line may hand a packet over (see early): the
// slack every lower bound of the physics tests allows per one-way trip.
const Early = early
